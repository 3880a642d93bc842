import type { LogEvent } from 'kysely';

/**
 * Counts the SQL statements this process runs, by text, for the profiler and the bench
 * (`npm run profile`: statements per request are counted, not guessed). Off unless a run probe
 * switches it on: counting costs a map update per statement.
 */
const counts = new Map<string, number>();
const cachedReads = new Map<string, number>();
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

/** The reads the read cache answered since the last call, by text; starts afresh. */
export function takeCachedReadCounts(): Record<string, number> {
  const taken = Object.fromEntries(cachedReads);
  cachedReads.clear();
  return taken;
}
