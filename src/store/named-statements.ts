import type pg from 'pg';

/**
 * PostgreSQL parses and plans an unnamed statement on every execution; a named one once per
 * connection. The hot queries (preparedQuery) have a fixed text, so they are named here and the
 * pool's connections execute them by name (docs/performance.md, change 11). Texts whose result
 * has a `*` are never named: a prepared `select *` fails ("cached plan must not change result
 * type") once a migration adds a column under a running node, while a statement that lists its
 * columns, or returns none, is re-planned by PostgreSQL on its own.
 */
const names = new Map<string, string>();

const STAR_RESULT = /\bselect\s+(?:distinct\s+)?(?:"?\w+"?\.)?\*|\breturning\s+(?:"?\w+"?\.)?\*/i;

/** Marks a fixed statement text as worth naming; bounded by the preparedQuery call sites. */
export function nameStatement(text: string): void {
  if (names.has(text) || STAR_RESULT.test(text)) return;
  names.set(text, `gatehouse_${names.size + 1}`);
}

export function statementName(text: string): string | undefined {
  return names.get(text);
}

type QueryFunction = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Makes a pooled client run the named texts as named statements. Kysely calls
 * `client.query(text, values)`; any other form (a cursor, a config object) passes through.
 */
export function executeNamedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as QueryFunction;
  const named: QueryFunction = (config, values, callback) => {
    const name = typeof config === 'string' ? names.get(config) : undefined;
    if (name === undefined || !Array.isArray(values)) return query(config, values, callback);
    return query({ name, text: config, values }, callback);
  };
  (client as unknown as { query: QueryFunction }).query = named;
}
