import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { StoreTables } from './unit-contract.js';

/** How long a probe may wait for a connection, and then for its answer. */
export const PROBE_LIMIT_MS = 2_000;
/** Readiness and the queue figures, each one query at a time. */
const PROBE_CONNECTIONS_MAX = 2;

/**
 * The PostgreSQL pool of the node's own checks. A frozen server (SIGSTOP, a network that drops
 * packets) never answers and never closes: a query on it waits forever, and a timeout that only
 * stops waiting (a Promise.race) leaves its connection checked out, so every later check would
 * take another until the pool is gone. Here the driver's own `query_timeout` fails the query, and
 * in pipeline mode it destroys the socket under a query already sent; the pool then drops the dead
 * connection and the next check opens a fresh one. `connectionTimeoutMillis` bounds the connect
 * and the wait for a free connection alike.
 */
export function openProbe(url: string, limitMs = PROBE_LIMIT_MS): Kysely<StoreTables> {
  const pool = new pg.Pool({
    connectionString: url,
    max: PROBE_CONNECTIONS_MAX,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: limitMs,
    query_timeout: limitMs,
    statement_timeout: limitMs,
    application_name: 'gatehouse-probe',
    pipeline: true,
  });
  // Unheard, a dropped connection's 'error' would end the process; the failed query says enough.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return new Kysely<StoreTables>({ dialect: new PostgresDialect({ pool: discardingFailed(pool) }) });
}

/**
 * The socket a timeout destroys closes a moment after the query failed, when Kysely has already
 * given the connection back as healthy: the next probe would take it and fail at once. A
 * connection whose query failed is handed back as broken instead, so the pool closes it.
 */
function discardingFailed(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      let failure: Error | undefined;
      // Kysely's cursor overload is never used here: the probes run plain queries.
      return {
        query: (text: string, values: readonly unknown[]) =>
          client.query(text, [...values]).catch((error: unknown) => {
            failure = error instanceof Error ? error : new Error(String(error));
            throw error;
          }),
        release: () => client.release(failure),
      } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
