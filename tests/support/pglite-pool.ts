import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * In-memory PGlite databases recycled between API test files. Loading the migrated template
 * into a new PGlite costs 2–3 s of CPU on these 2-core VMs (about half of the PGlite pass);
 * putting a used one back as the template was costs a tenth of that. So the PGlite a file's
 * handle closes is not closed: it is lent. Its `close()` empties every table, puts back the
 * template's rows and sequence values, drops the job partitions pg-boss added and discards the
 * session's state, then checks the schema against the template's; a database whose schema a
 * test changed in any other way is closed for real instead.
 */

/** The template as loaded, before any test touched it: what a reset restores. */
interface TemplateState {
  /** Every table of the template, schema-qualified and quoted. */
  tables: string[];
  /** The template's rows of the tables that have some, with the columns they can be written to. */
  rows: { table: string; columns: string; json: string }[];
  sequences: { name: string; value: string | null; start: string }[];
  fingerprint: string;
}

interface Pool {
  template: Promise<Blob>;
  state?: Promise<TemplateState>;
  idle: PGlite[];
}

/** At most this many parked databases per worker and template (each keeps its own WebAssembly memory). */
const MOST_IDLE = 2;
const pools = new Map<string, Pool>();

const USER_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;

/** Everything a test could change in the schema, as one hash. */
const FINGERPRINT = `
  select md5(string_agg(line, E'\\n' order by line)) as fingerprint from (
    select format('ns %s', n.nspname) as line from pg_namespace n where ${USER_SCHEMAS}
    union all
    select format('rel %s.%s %s %s', n.nspname, c.relname, c.relkind, c.relpersistence)
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMAS}
    union all
    select format('col %s.%s %s %s %s %s %s', n.nspname, c.relname, a.attname, format_type(a.atttypid, a.atttypmod),
                  a.attnotnull, a.attgenerated, pg_get_expr(d.adbin, d.adrelid))
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where ${USER_SCHEMAS} and a.attnum > 0 and not a.attisdropped
    union all
    select format('con %s %s %s', conrelid::regclass, conname, pg_get_constraintdef(co.oid))
      from pg_constraint co join pg_namespace n on n.oid = co.connamespace where ${USER_SCHEMAS}
    union all
    select format('idx %s', pg_get_indexdef(i.indexrelid))
      from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMAS}
    union all
    select format('trg %s', pg_get_triggerdef(t.oid)) from pg_trigger t where not t.tgisinternal
    union all
    select format('fn %s.%s(%s) %s', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid), md5(p.prosrc))
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${USER_SCHEMAS}
    union all
    select format('type %s.%s %s', n.nspname, t.typname, t.typtype)
      from pg_type t join pg_namespace n on n.oid = t.typnamespace where ${USER_SCHEMAS}
    union all
    select format('enum %s %s %s', enumtypid::regtype, enumsortorder, enumlabel) from pg_enum
    union all
    select format('ext %s %s', extname, extversion) from pg_extension
    union all
    select format('role %s', rolname) from pg_roles
    union all
    select format('setting %s', setconfig) from pg_db_role_setting
  ) everything`;

/** The template's tables, their rows and its sequences, read once per worker. */
async function readTemplateState(client: PGlite): Promise<TemplateState> {
  const { rows: tables } = await client.query<{ name: string; columns: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name,
            string_agg(format('%I', a.attname), ', ' order by a.attnum) filter (where a.attgenerated = '') as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where c.relkind in ('r', 'p') and ${USER_SCHEMAS}
      group by 1 order by 1`,
  );
  const rows: TemplateState['rows'] = [];
  for (const table of tables) {
    const { rows: found } = await client.query<{ json: string | null }>(
      `select json_agg(row_to_json(t))::text as json from ${table.name} t`,
    );
    if (found[0]?.json) rows.push({ table: table.name, columns: table.columns, json: found[0].json });
  }
  const { rows: sequences } = await client.query<{ name: string; value: string | null; start: string }>(
    `select format('%I.%I', schemaname, sequencename) as name, last_value::text as value, start_value::text as start
       from pg_sequences`,
  );
  const { rows: hash } = await client.query<{ fingerprint: string }>(FINGERPRINT);
  return { tables: tables.map((table) => table.name), rows, sequences, fingerprint: hash[0]!.fingerprint };
}

/** Puts `client` back as the template was; false when a test changed its schema beyond that. */
async function resetToTemplate(client: PGlite, template: TemplateState): Promise<boolean> {
  await client.exec('discard all');
  // pg-boss adds a partition of its job table per kind of job (the kinds a test defines among them).
  const { rows: partitions } = await client.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and format('%I.%I', n.nspname, c.relname) <> all($1)`,
    [template.tables],
  );
  const drops = partitions.map((partition) => `drop table ${partition.name} cascade;`).join('\n');
  const restores = template.rows
    .map(
      ({ table, columns, json }) =>
        `insert into ${table} (${columns}) overriding system value
           select ${columns} from json_populate_recordset(null::${table}, ${quoteLiteral(json)});`,
    )
    .join('\n');
  const sequences = template.sequences
    .map(({ name, value, start }) => `select setval('${name}', ${value ?? start}, ${value !== null});`)
    .join('\n');
  await client.exec(`
    ${drops}
    truncate ${template.tables.join(', ')} restart identity cascade;
    -- Triggers stay quiet while the template's own rows come back.
    set session_replication_role = replica;
    ${restores}
    set session_replication_role = default;
    ${sequences}
  `);
  const { rows: hash } = await client.query<{ fingerprint: string }>(FINGERPRINT);
  return hash[0]!.fingerprint === template.fingerprint;
}

function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

function poolFor(templateFile: string): Pool {
  let pool = pools.get(templateFile);
  if (!pool) {
    pool = { template: fs.promises.readFile(templateFile).then((bytes) => new Blob([bytes])), idle: [] };
    pools.set(templateFile, pool);
  }
  return pool;
}

async function openFromTemplate(pool: Pool): Promise<PGlite> {
  const client = await PGlite.create({ loadDataDir: await pool.template, extensions: { pg_trgm } });
  // The first database of a worker is read before anyone uses it: that is the template's state.
  pool.state ??= readTemplateState(client);
  await pool.state;
  return client;
}

/**
 * A PGlite loaded with the migrated template (the file api-global-setup.ts wrote), recycled when
 * one is parked. Closing the returned client puts the database back instead of closing it; after
 * that, anything the closed client is still asked to do fails, as on a closed database.
 */
export async function lendPglite(templateFile: string): Promise<PGlite> {
  const pool = poolFor(templateFile);
  const client = pool.idle.pop() ?? (await openFromTemplate(pool));
  return lease(client, async () => {
    const reusable = await resetToTemplate(client, await pool.state!).catch(() => false);
    if (reusable && pool.idle.length < MOST_IDLE) pool.idle.push(client);
    else await client.close();
  });
}

/** The calls that reach the database: refused once the lease is over. */
const DATABASE_CALLS = new Set<PropertyKey>(['query', 'exec', 'transaction', 'sql', 'describeQuery', 'dumpDataDir']);

/**
 * `client` as one test file sees it: its close() is `giveBack`, its listeners end with the lease,
 * and properties a caller defines on it (the handle's call counting) stay on this lease.
 */
function lease(client: PGlite, giveBack: () => Promise<void>): PGlite {
  let over = false;
  let closing: Promise<void> | undefined;
  const unlistens = new Set<() => Promise<void>>();
  const own = new Map<PropertyKey, unknown>();
  const refuse = () => Promise.reject(new Error('PGlite is closed'));

  const listen = async (...args: Parameters<PGlite['listen']>) => {
    if (over) return refuse();
    const unlisten = await client.listen(...args);
    const end = async () => {
      unlistens.delete(end);
      await unlisten();
    };
    unlistens.add(end);
    return end;
  };
  const close = () =>
    (closing ??= (async () => {
      over = true;
      for (const unlisten of [...unlistens]) await unlisten().catch(() => {});
      await giveBack();
    })());

  return new Proxy(client, {
    get(target, property) {
      if (own.has(property)) return own.get(property);
      if (property === 'close') return close;
      if (property === 'closed') return over;
      if (property === 'listen') return listen;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (DATABASE_CALLS.has(property)) {
        return (...args: unknown[]) => (over ? refuse() : (value as (...a: unknown[]) => unknown).apply(target, args));
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
    defineProperty(_target, property, descriptor) {
      own.set(property, descriptor.value);
      return true;
    },
  });
}
