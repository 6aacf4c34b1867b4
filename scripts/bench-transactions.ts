/**
 * Sequential transactions on the app's own PostgreSQL handle (BEGIN, two statements, COMMIT), one
 * at a time: wall-clock and CPU microseconds each. Run it under `strace -c -f -e
 * trace=write,writev,read,epoll_pwait` to count the system calls a transaction costs.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench:transactions [-- --count 2000]
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '#server/db/client.ts';

const { values } = parseArgs({ options: { count: { type: 'string', default: '2000' } } });
const count = Number(values.count);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) throw new Error('DATABASE_URL must name a PostgreSQL database');

const handle = await openDatabase({ databaseUrl });

async function run(transactions: number) {
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  for (let i = 0; i < transactions; i++) {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await tx.execute(sql`select 2`);
    });
  }
  const used = process.cpuUsage(cpu);
  return {
    wallUs: Math.round(Number(process.hrtime.bigint() - started) / 1000 / transactions),
    cpuUs: Math.round((used.user + used.system) / transactions),
  };
}

await run(Math.min(300, count)); // warm: connections opened, statements planned
for (let round = 1; round <= 3; round++) {
  const { wallUs, cpuUs } = await run(count);
  process.stdout.write(`round ${round}: ${count} transactions, ${wallUs} µs each, ${cpuUs} µs of CPU\n`);
}
await handle.close();
