import type { FastifyReply } from 'fastify';
import type { Refusal } from '../domain/refusals.js';
import { unavailableForNow } from '../services/serving-availability.js';

/** A per-second limit refills within a second. */
const LIMITED_RETRY_AFTER_S = 1;
/** About what a database restart or a failover takes; /ready's 503 says the same. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/**
 * The Retry-After of an answer, in seconds, when waiting is what the caller should do: a 429 (RFC
 * 6585), and the spec's system error when its cause is a database that cannot be reached (the
 * spec's 500 stays; the header tells clients and proxies that know it when to come back).
 */
function retryAfterOf(refusal: Refusal, cause: unknown): number | undefined {
  if (refusal.httpStatus === 429) return LIMITED_RETRY_AFTER_S;
  if (refusal.key === 'SYSTEM_ERROR' && unavailableForNow(cause)) return UNAVAILABLE_RETRY_AFTER_S;
  return undefined;
}

/** Adds the Retry-After header to the answer refusing with `refusal`, when it has one. */
export function setRetryAfter(reply: FastifyReply, refusal: Refusal, cause: unknown): void {
  const seconds = retryAfterOf(refusal, cause);
  if (seconds !== undefined) void reply.header('retry-after', String(seconds));
}
