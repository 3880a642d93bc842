import type { IdempotencyRepository } from '../store/idempotency-repository.js';

/**
 * What the Idempotency-Key pipeline (http/idempotency.ts, decision 0049) needs of the stored keys:
 * reserve one, read its recorded response back, complete it, release it after a system error. The
 * HTTP layer holds this port, never the repository that implements it (decision 0153).
 */
export type IdempotencyKeys = Pick<IdempotencyRepository, 'reserve' | 'find' | 'complete' | 'release'>;

/** What a key is scoped by: the authenticated merchant and the key it sent. */
export type IdempotencyScope = Parameters<IdempotencyKeys['find']>[0];
