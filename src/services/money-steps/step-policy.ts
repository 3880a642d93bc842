/**
 * The limits of the money engine's recovery (docs/decisions/0106-recovery-as-a-job.md). A step is
 * tried again after 30 s, then twice as long each time up to an hour; after STEP_ATTEMPTS_MAX tries
 * (about four hours of an acquirer that does not answer or keeps refusing) it needs a person.
 */
export const STEP_ATTEMPTS_MAX = 10;
export const STEP_BACKOFF_BASE_MS = 30_000;
export const STEP_BACKOFF_MAX_MS = 3_600_000;
/**
 * A lease outlives the acquirer's deadline by this much: a try is one acquirer call (bounded by
 * the deadline) and a few statements, so it ends inside its lease and no other node sends the
 * step meanwhile. A node killed while holding a lease delays that step by no more than this.
 */
export const STEP_LEASE_MARGIN_MS = 2_000;
/** Steps one recovery run takes; the job yields to the other jobs after each run. */
export const STEP_BATCH_MAX = 50;
/**
 * Orders whose steps one recovery run resumes at once. A try can wait out the acquirer's whole
 * deadline (an answer lost again); one after another, a batch with a few of those drained a
 * backlog at a handful of steps a second (the chaos run of issue 28). An order's own steps still
 * run one after another.
 */
export const STEP_RECOVERY_CONCURRENCY = 16;

/** The wait before try `attempts + 1`, after `attempts` tries. */
export function backoffMs(attempts: number): number {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(STEP_BACKOFF_BASE_MS * 2 ** Math.min(exponent, 20), STEP_BACKOFF_MAX_MS);
}
