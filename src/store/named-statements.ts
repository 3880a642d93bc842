import pg from 'pg';

/**
 * PostgreSQL parses and plans an unnamed statement on every execution; a named one once per
 * connection. The hot queries (preparedQuery) have a fixed text, so they are named here and the
 * pool's connections execute them by name (docs/performance.md, change 11). Texts whose result
 * has a `*` are never named: a prepared `select *` fails ("cached plan must not change result
 * type") once a migration adds a column under a running node, while a statement that lists its
 * columns, or returns none, is re-planned by PostgreSQL on its own.
 */
/** Statement name by text; bounded by the preparedQuery call sites. */
const named = new Map<string, string>();

const STAR_RESULT = /\bselect\s+(?:distinct\s+)?(?:"?\w+"?\.)?\*|\breturning\s+(?:"?\w+"?\.)?\*/i;

/** Marks a fixed statement text as worth naming; bounded by the preparedQuery call sites. */
export function nameStatement(text: string): void {
  if (named.has(text) || STAR_RESULT.test(text)) return;
  named.set(text, `gatehouse_${named.size + 1}`);
}

export function statementName(text: string): string | undefined {
  return named.get(text);
}

type QueryFunction = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Makes a pooled client run the named texts as named statements. Kysely calls
 * `client.query(text, values)`; any other form (a cursor, a config object) passes through.
 *
 * The named call is handed to `pg` as a Query it built from the text, named afterwards: given a
 * config object, `pg` first copies it with its property descriptors, the costliest step of its
 * whole query path under load (12.9 µs of a PostgreSQL payment's five statements, change 22 of
 * docs/performance.md); given a text, it copies nothing.
 */
export function executeNamedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as QueryFunction;
  const byName: QueryFunction = (config, values, callback) => {
    const name = typeof config === 'string' ? named.get(config) : undefined;
    if (name === undefined || !Array.isArray(values) || callback !== undefined) {
      return query(config, values, callback);
    }
    return new Promise((resolve, reject) => {
      const submitted = new pg.Query(config as string, values, (error, result) => {
        if (error === undefined || error === null) resolve(result);
        else reject(error);
      });
      (submitted as unknown as { name: string }).name = name;
      query(submitted);
    });
  };
  (client as unknown as { query: QueryFunction }).query = byName;
}
