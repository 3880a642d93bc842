import type { LogEvent } from 'kysely';

/**
 * Counts the SQL statements this process runs, by text, for the profiler and the bench
 * (`npm run profile`: statements per request are counted, not guessed). Off unless a run probe
 * switches it on: counting costs a map update per statement.
 */
const counts = new Map<string, number>();
let enabled = false;

export function countStatements(): void {
  enabled = true;
}

/** Kysely's log hook while counting is on; undefined otherwise, so Kysely logs nothing. */
export function statementLog(): ((event: LogEvent) => void) | undefined {
  if (!enabled) return undefined;
  return (event) => {
    const text = event.query.sql;
    counts.set(text, (counts.get(text) ?? 0) + 1);
  };
}

/** The counts since the last call, which starts counting afresh. */
export function takeStatementCounts(): Record<string, number> {
  const taken = Object.fromEntries(counts);
  counts.clear();
  return taken;
}
