import type BetterSqlite3 from 'better-sqlite3';
import type { LogEvent } from 'kysely';

/**
 * Counts the SQL statements this process runs, by text, for the profiler, the bench and the
 * statement budget (`npm run profile`, test/integration/statement-budget.test.ts: statements per
 * request are counted, not guessed), and the database round trips they take. Off unless a run
 * probe or a test switches it on: counting costs a map update per statement and a wrapped call
 * per query.
 */
const counts = new Map<string, number>();
const cachedReads = new Map<string, number>();
/**
 * Round trips are counted where the drivers are handed statements, not from the statement texts,
 * because the two can differ: on PostgreSQL statements sent together share a round trip (a
 * batch's units pipelined on one connection, a turn's reads, the multi-row insert that stands for
 * several inserts: pipelined-units.ts, turn-reads.ts), while `begin`, each statement a unit awaits
 * and `commit` take one each. Neither engine is sent a multi-statement batch by the store.
 */
let roundTrips = 0;
let enabled = false;

function add(to: Map<string, number>, text: string, delta: number): void {
  to.set(text, (to.get(text) ?? 0) + delta);
}

export function countStatements(): void {
  enabled = true;
}

/** Kysely's log hook while counting is on; undefined otherwise, so Kysely logs nothing. */
export function statementLog(): ((event: LogEvent) => void) | undefined {
  if (!enabled) return undefined;
  return (event) => add(counts, event.query.sql, 1);
}

/** A statement run below Kysely, which Kysely's log does not see (the read cache's version check). */
export function countStatement(text: string): void {
  if (enabled) add(counts, text, 1);
}

/**
 * A read the SQLite read cache answered: Kysely's log counts its text as run, but SQLite never
 * ran it, so it moves from the statements to the cached reads.
 */
export function countCachedRead(text: string): void {
  if (!enabled) return;
  add(counts, text, -1);
  add(cachedReads, text, 1);
}

/** The counts since the last call, which starts counting afresh. */
export function takeStatementCounts(): Record<string, number> {
  const taken = Object.fromEntries([...counts].filter(([, count]) => count !== 0));
  counts.clear();
  return taken;
}

/** Runs of code that gave a connection queries; advanced once the current one has ended. */
let run = 0;
let runEnding = false;

/**
 * PostgreSQL: the queries a pooled connection is given before the code running now (one callback
 * of the event loop and the ticks and promise jobs it queued) ends are one round trip; each later
 * run of code that gives it queries is another. None of one run's queries can have waited for
 * another's answer, which only arrives in a later callback; it is the span pipelined-units.ts
 * corks the socket for. Installed on each client as the pool connects it, only while counting
 * (database.ts).
 */
export function countRoundTripsOf(client: { query: (...args: never[]) => unknown }): void {
  if (!enabled) return;
  const query = client.query.bind(client);
  let lastRun = -1;
  client.query = (...args: never[]) => {
    if (lastRun !== run) {
      lastRun = run;
      roundTrips += 1;
      endRunSoon();
    }
    return query(...args);
  };
}

function endRunSoon(): void {
  if (runEnding) return;
  runEnding = true;
  process.nextTick(() => {
    run += 1;
    runEnding = false;
  });
}

/**
 * SQLite runs in this process: each statement run is a call into it that the process waits for,
 * so every run, get, all or iterate of a statement is one round trip, and a read the read cache
 * answers is none. Installed on the connection before anything prepares a statement on it; only
 * while counting (database.ts).
 */
export function countRoundTripsOn(database: BetterSqlite3.Database): void {
  if (!enabled) return;
  const prepare = database.prepare.bind(database);
  database.prepare = ((...args: Parameters<typeof prepare>) => {
    const statement = prepare(...args);
    for (const method of ['run', 'get', 'all', 'iterate'] as const) {
      const call = statement[method].bind(statement) as (...args: unknown[]) => unknown;
      Object.defineProperty(statement, method, {
        value: (...args: unknown[]) => {
          roundTrips += 1;
          return call(...args);
        },
      });
    }
    return statement;
  }) as typeof database.prepare;
}

/** The round trips since the last call, which starts counting them afresh. */
export function takeRoundTripCount(): number {
  const taken = roundTrips;
  roundTrips = 0;
  return taken;
}

/** The reads the read cache answered since the last call, by text; starts afresh. */
export function takeCachedReadCounts(): Record<string, number> {
  const taken = Object.fromEntries(cachedReads);
  cachedReads.clear();
  return taken;
}
