import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Clock } from '../domain/clock.js';
import { Refusal } from '../domain/refusals.js';
import type { IdempotencyKeys, IdempotencyScope } from '../services/idempotency-keys.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on a replayed response, so a client can tell it from a fresh one; the body is the first one's. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_CHARS_MAX = 255;
/** How long a concurrent duplicate waits for the first request before it is refused as in progress. */
export const IDEMPOTENCY_WAIT_MS = 10_000;
const POLL_FIRST_MS = 10;
const POLL_MAX_MS = 200;

const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/** A response as it went on the wire: replayed byte for byte. */
export interface RecordedResponse {
  readonly status: number;
  readonly text: string;
  readonly replayed: boolean;
}

/** What identifies the request under a key: who sent it (the authenticated merchant), where, and what. */
export interface IdempotentRequest {
  readonly merchantId: string;
  readonly key: string;
  readonly path: string;
  readonly rawBody: Buffer;
}

/**
 * The Idempotency-Key header of a request, or undefined when there is none. Refuses a key that is
 * empty, longer than 255 characters, sent twice or not printable ASCII.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return undefined;
  const sent = request.raw.rawHeaders.filter(
    (name, index) => index % 2 === 0 && name.toLowerCase() === IDEMPOTENCY_HEADER,
  ).length;
  if (
    typeof value !== 'string' ||
    sent !== 1 ||
    value.length > IDEMPOTENCY_KEY_CHARS_MAX ||
    !PRINTABLE_ASCII.test(value)
  ) {
    throw new Refusal('IDEMPOTENCY_KEY_INVALID', { max: IDEMPOTENCY_KEY_CHARS_MAX });
  }
  return value;
}

/** SHA-256 over the path and the body's bytes as received: the same key must come with the same request. */
export function requestHash(path: string, rawBody: Buffer): string {
  return createHash('sha256').update(path).update('\n').update(rawBody).digest('hex');
}

/**
 * Idempotency-Key for mutating operations (an extension of the spec,
 * docs/decisions/0049-idempotency-key-on-mutating-operations.md). The first
 * request with a key reserves it with an INSERT on the primary key (merchant, key) before its
 * operation runs, and records its response afterwards; a later request with the key and the same
 * path and body gets that response again, one with another body is refused, and one arriving while
 * the first is still running polls the row for up to `waitMs`, then is refused as in progress. An
 * operation is never executed twice for one key.
 */
export class Idempotency {
  constructor(
    private readonly keys: IdempotencyKeys,
    private readonly clock: Clock,
    private readonly waitMs: number = IDEMPOTENCY_WAIT_MS,
  ) {}

  /**
   * Runs `work` once per key, or replays the recorded response. `render` is how the route shapes a
   * refusal, so a refusal from the operation is recorded exactly as it is sent. A refusal the
   * operation throws is recorded and rethrown; a system error (HTTP 5xx) releases the key so that a
   * retry runs again.
   */
  async execute(
    request: IdempotentRequest,
    log: FastifyBaseLogger,
    work: () => Promise<object>,
    render: (refusal: Refusal) => object,
  ): Promise<RecordedResponse> {
    const scope: IdempotencyScope = { merchantId: request.merchantId, key: request.key };
    const hash = requestHash(request.path, request.rawBody);
    const recorded = await this.reserveOrReplay(scope, request.path, hash);
    if (recorded !== undefined) return recorded;
    let body: object;
    try {
      body = await work();
    } catch (error) {
      if (error instanceof Refusal && error.httpStatus < 500) {
        await this.record(scope, error.httpStatus, JSON.stringify(render(error)), log);
      } else {
        await this.keys
          .release(scope)
          .catch((releaseError: unknown) =>
            log.error({ err: releaseError }, 'could not release an idempotency key; it stays in progress'),
          );
      }
      throw error;
    }
    const text = JSON.stringify(body);
    await this.record(scope, 200, text, log);
    return { status: 200, text, replayed: false };
  }

  /** Undefined once this request holds the reservation; the recorded response when there is one. */
  private async reserveOrReplay(
    scope: IdempotencyScope,
    path: string,
    hash: string,
  ): Promise<RecordedResponse | undefined> {
    const deadline = performance.now() + this.waitMs;
    let pause = POLL_FIRST_MS;
    for (;;) {
      if (await this.keys.reserve(scope, path, hash, this.clock.nowMs())) return undefined;
      // Another request holds the key: read its row until it has a response (only reads while waiting).
      for (;;) {
        const row = await this.keys.find(scope);
        // Gone (released after a system error, or expired): try to reserve it again.
        if (row === undefined) break;
        if (row.request_hash !== hash) throw new Refusal('IDEMPOTENCY_KEY_REUSED');
        if (row.response_status !== null && row.response_body !== null) {
          return { status: row.response_status, text: row.response_body, replayed: true };
        }
        if (performance.now() + pause > deadline) throw new Refusal('IDEMPOTENCY_KEY_IN_PROGRESS');
        await sleep(pause);
        pause = Math.min(pause * 2, POLL_MAX_MS);
      }
      if (performance.now() > deadline) throw new Refusal('IDEMPOTENCY_KEY_IN_PROGRESS');
    }
  }

  /**
   * The operation has run: a failure to record must not turn its answer into an error. The key then
   * stays reserved, so a retry is refused as in progress rather than run a second time.
   */
  private async record(scope: IdempotencyScope, status: number, text: string, log: FastifyBaseLogger) {
    try {
      await this.keys.complete(scope, status, text);
    } catch (error) {
      log.error({ err: error }, 'could not record the response of an idempotency key; it stays in progress');
    }
  }
}
