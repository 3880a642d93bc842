import { randomUUID } from 'node:crypto';

/** A request's own X-Request-Id is kept when it is a plain token; anything else gets a new one. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** The id an answer and every log line of its request carry (X-Request-Id). */
export function requestIdFrom(header: unknown): string {
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
}
