import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { spentBy } from './spent-connection.js';

/**
 * PostgreSQL parses and plans an unnamed statement on every execution; a named one once per
 * connection. The hot queries (preparedQuery) have a fixed text, so they are named here and run by
 * name through pg's public API (docs/history/performance-journal.md, change 11; since issue 24 no
 * longer by naming pg's own Query object after construction, which saved pg a copy of the config).
 * Texts whose result has a `*` are never named: a prepared `select *` fails ("cached plan must not
 * change result type") once a migration adds a column under a running node, while a statement that
 * lists its columns, or returns none, is re-planned by PostgreSQL on its own.
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

/** What pg is given for a text: a named query (pg's public `{ name, text, values }`) when it is named. */
export function namedQuery(text: string, values: readonly unknown[]): pg.QueryConfig {
  const name = named.get(text);
  return name === undefined ? { text, values: [...values] } : { name, text, values: [...values] };
}

/**
 * The pool Kysely is given on PostgreSQL: pg's own, whose clients run the named texts by name.
 * Kysely calls only `query(text, values)` and `release()` (the dialect has no cursor), so a small
 * wrapper per pooled client is all it takes, through pg's public API. A client whose server is gone
 * or became a standby goes back spent (spent-connection.ts).
 */
export class NamingPool implements PostgresPool {
  private readonly wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();

  constructor(private readonly pool: pg.Pool) {}

  async connect(): Promise<PostgresPoolClient> {
    const client = await this.pool.connect();
    let wrapper = this.wrapped.get(client);
    if (wrapper === undefined) {
      // One borrower at a time holds a client: what its statements met is told at its release.
      let spent: Error | undefined;
      const query = (text: string, values: readonly unknown[]) =>
        named.has(text) ? client.query(namedQuery(text, values)) : client.query(text, [...values]);
      wrapper = {
        query: (text: string, values: readonly unknown[]) =>
          query(text, values).catch((error: unknown) => {
            spent ??= spentBy(error);
            throw error;
          }),
        release: () => {
          const error = spent;
          spent = undefined;
          client.release(error);
        },
      } as unknown as PostgresPoolClient;
      this.wrapped.set(client, wrapper);
    }
    return wrapper;
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}
