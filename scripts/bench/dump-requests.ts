/**
 * node --import tsx scripts/bench/dump-requests.ts FILE [COUNT]
 *
 * Writes COUNT (default 30,000) requests of the varied-read workload (scripts/bench/workload.ts:
 * signed-in students listing, searching, filtering, opening details and Home) to FILE, one per
 * line as `path<TAB>cookie`, for a load generator other than the app's own bench (wrk, in
 * scripts/bench/rush-wrk.sh). The students' sessions are created in the database of
 * DATABASE_URL / DATA_DIR, as for the server.
 */
import fs from 'node:fs';
import { sessionCookieName } from '#server/auth/session-cookie.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { createPlanner, prepareWorkload } from './workload.ts';

const [file, count = '30000'] = process.argv.slice(2);
if (!file) throw new Error('usage: dump-requests.ts FILE [COUNT]');
const config = loadConfig();
const database = await openDatabase(config);
try {
  const data = await prepareWorkload(database, sessionCookieName(config));
  const planner = createPlanner(data, { writeShare: 0, priceFilter: true, priceRanges: 'bands', seed: 7 });
  const lines = Array.from({ length: Number(count) }, () => {
    const request = planner.read();
    return `${request.path}\t${request.cookie}`;
  });
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
} finally {
  await database.close();
}
