import { cryptoRandom } from '../domain/random-source.js';
import type { Logger } from 'pino';
import type { GatewayKeys } from '../config/gateway-keys.js';
import type { CallbackParams } from '../domain/callback-checksum.js';
import { realTimeOnly, type Clock, type MerchantScope } from '../domain/clock.js';
import type { SecretBox } from '../security/secret-box.js';
import { CallbackSigner } from '../services/callbacks/callback-signer.js';
import {
  isCallbackHttpMethod,
  sendCallback,
  type CallbackAttempt,
} from '../services/callbacks/send-callback.js';
import type { CallbackAddresses } from '../services/callbacks/callback-addresses.js';
import { NO_CALLBACK_OBSERVER, type CallbackObserver } from '../services/callbacks/callback-observer.js';
import type { CallbackDeliverySettings, CallbackRepository } from '../store/callback-repository.js';
import type { CallbackRow } from '../store/schema.js';
import { clockPasses, type ClockPass } from './clock-passes.js';
import type { PeriodicJob } from './periodic-job.js';

/** Attempts per callback before it is dead; the real gateway's default is 3 (gateway-facts §4.1). */
export const CALLBACK_ATTEMPTS_MAX = 10;
/** Callbacks claimed and sent together per run; they are sent concurrently. */
export const CALLBACK_BATCH_MAX = 50;
/** How long one attempt may wait for the merchant's answer. */
export const CALLBACK_ATTEMPT_TIMEOUT_MS = 10_000;
/**
 * How long a claim holds a row. It must outlast a whole batch (all sent at once, so about one
 * attempt timeout), or another node would take the rows over and send them a second time.
 */
export const CALLBACK_LEASE_MS = 60_000;
/** The wait after the first failure; each further failure doubles it, up to the cap. */
export const CALLBACK_RETRY_DELAY_MS_FIRST = 30_000;
export const CALLBACK_RETRY_DELAY_MS_MAX = 3_600_000;

/**
 * The wait after the `failedAttempts`-th failure: 30 s, 1, 2, 4, 8, 16, 32 min, then 1 h. With
 * CALLBACK_ATTEMPTS_MAX = 10 there are 9 waits, about 3 h 3 min from the first attempt to the last.
 */
export function callbackRetryDelayMs(failedAttempts: number): number {
  return Math.min(
    CALLBACK_RETRY_DELAY_MS_FIRST * 2 ** Math.max(0, failedAttempts - 1),
    CALLBACK_RETRY_DELAY_MS_MAX,
  );
}

import type { CallbackOutcome } from '../services/sandbox-clock/clock-advanced.js';

export type { CallbackOutcome };

export interface CallbackDeliveryDeps {
  readonly repository: CallbackRepository;
  /** Opens the merchants' callback keys (sealed under the master key). */
  readonly secrets: SecretBox;
  readonly gatewayKeys: GatewayKeys;
  readonly clock: Clock;
  /** The merchants' test clocks: a callback is due and retried on its merchant's (issue 45). */
  readonly scope?: MerchantScope;
  readonly logger: Logger;
  /** Where callbacks may be sent (GATEHOUSE_CALLBACK_PRIVATE_ADDRESSES, GATEHOUSE_ENV). */
  readonly addresses: CallbackAddresses;
  /** Default CALLBACK_ATTEMPT_TIMEOUT_MS; tests shorten it. */
  readonly attemptTimeoutMs?: number;
  /** Told of every attempt and every callback given up on (the metrics). */
  readonly observer?: CallbackObserver;
}

function parseParams(text: string): CallbackParams {
  const value: unknown = JSON.parse(text);
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    Object.values(value).some((entry) => typeof entry !== 'string')
  ) {
    throw new Error('stored params are not an object of strings');
  }
  return value as CallbackParams;
}

/** What one run of the delivery needs: the job's dependencies, with defaults filled in. */
interface Delivery {
  readonly repository: CallbackRepository;
  readonly signer: CallbackSigner;
  readonly clock: Clock;
  readonly scope: MerchantScope;
  readonly logger: Logger;
  readonly addresses: CallbackAddresses;
  readonly attemptTimeoutMs: number;
  readonly observer: CallbackObserver;
}

/** One attempt, timed on the monotonic clock: the gateway's clock may be a test's. */
async function timedAttempt(
  delivery: Delivery,
  row: CallbackRow,
  settings: CallbackDeliverySettings | undefined,
): Promise<CallbackAttempt> {
  const started = performance.now();
  const result = await attempt(delivery, row, settings);
  delivery.observer.callbackAttempt(
    result.ok ? { sent: true } : { sent: false, reason: result.reason },
    (performance.now() - started) / 1000,
  );
  return result;
}

async function attempt(
  delivery: Delivery,
  row: CallbackRow,
  settings: CallbackDeliverySettings | undefined,
): Promise<CallbackAttempt> {
  try {
    if (settings === undefined)
      return { ok: false, reason: 'not_sent', error: 'the merchant does not exist' };
    if (!isCallbackHttpMethod(settings.httpMethod)) {
      return { ok: false, reason: 'not_sent', error: `unknown callback method "${settings.httpMethod}"` };
    }
    const params = await delivery.signer.sign(row.merchant_id, parseParams(row.params), settings);
    return await sendCallback(
      {
        url: row.url,
        method: settings.httpMethod,
        params,
        ...(row.request_id === null ? {} : { requestId: row.request_id }),
      },
      delivery.attemptTimeoutMs,
      delivery.addresses,
    );
  } catch (error) {
    // A key that cannot be opened or a broken row: retried like a failed send, so it ends as
    // dead in the operator's list instead of vanishing.
    return {
      ok: false,
      reason: 'not_sent',
      error: `not sent: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

async function record(
  delivery: Delivery,
  row: CallbackRow,
  result: CallbackAttempt,
): Promise<CallbackOutcome> {
  const { repository, logger } = delivery;
  const nowMs = delivery.clock.nowMs();
  const attempts = row.attempts + 1;
  const log = {
    callbackId: row.id,
    orderId: row.order_id,
    operation: row.operation,
    attempts,
    // The id of the request that caused the callback: its log lines and this one share it.
    ...(row.request_id === null ? {} : { reqId: row.request_id }),
  };
  let outcome: CallbackOutcome;
  let held: boolean;
  if (result.ok) {
    outcome = 'done';
    held = await repository.markDelivered(row, nowMs, result.status, cryptoRandom.uuid());
    logger.info({ ...log, status: result.status }, 'callback delivered');
  } else if (attempts >= CALLBACK_ATTEMPTS_MAX || result.final === true) {
    outcome = 'dead';
    held = await repository.markDead(row, result.error, nowMs, cryptoRandom.uuid());
    if (held) delivery.observer.callbackDeadLettered();
    logger.warn({ ...log, error: result.error }, 'callback failed for the last time; replay it by hand');
  } else {
    outcome = 'retry';
    const nextAttemptAtMs = nowMs + callbackRetryDelayMs(attempts);
    held = await repository.markRetry(row, nextAttemptAtMs, result.error, nowMs, cryptoRandom.uuid());
    logger.info({ ...log, error: result.error, nextAttemptAtMs }, 'callback failed; retrying later');
  }
  if (!held) logger.warn(log, 'callback claim lost before its outcome was recorded; the row is sent again');
  return outcome;
}

/**
 * Claims a batch due on one clock (every merchant's real time, or one merchant's test clock), sends
 * it at once and records each outcome on the row's merchant's clock; answers the outcomes.
 */
async function deliverBatch(delivery: Delivery, pass: ClockPass): Promise<CallbackOutcome[]> {
  const { repository, logger, scope } = delivery;
  const claimed = await repository.claimDue(
    {
      dueMs: pass.nowMs,
      nowMs: scope.real.nowMs(),
      ...(pass.merchantId === undefined ? {} : { merchantId: pass.merchantId }),
    },
    CALLBACK_BATCH_MAX,
    CALLBACK_LEASE_MS,
  );
  // One settings read per merchant and batch; it is read after the claim, so it is current.
  const settings = new Map<string, Promise<CallbackDeliverySettings | undefined>>();
  const settingsOf = (merchantId: string): Promise<CallbackDeliverySettings | undefined> => {
    let pending = settings.get(merchantId);
    if (pending === undefined) {
      pending = repository.deliverySettings(merchantId);
      settings.set(merchantId, pending);
    }
    return pending;
  };
  const results = await Promise.allSettled(
    claimed.map(async (row) => {
      const result = await timedAttempt(delivery, row, await settingsOf(row.merchant_id));
      return scope.within(row.merchant_id, () => record(delivery, row, result));
    }),
  );
  const outcomes: CallbackOutcome[] = [];
  for (const result of results) {
    if (result.status === 'fulfilled') outcomes.push(result.value);
    // The claim runs out and the row is sent again later: at least once, never lost.
    else logger.error({ err: result.reason as unknown }, 'recording a callback outcome failed');
  }
  return outcomes;
}

/** The outbox's delivery: the periodic job, and one clock's due callbacks at once (a clock's advance). */
export interface CallbackDelivery {
  readonly job: PeriodicJob;
  deliverDue(pass: ClockPass): Promise<CallbackOutcome[]>;
}

/**
 * Delivers the callback outbox. Each row was inserted in the transaction of the state change it
 * reports (see enqueuePaymentCallback), so every committed change has its callback. Rows are
 * claimed atomically with a lease (FOR UPDATE SKIP LOCKED on PostgreSQL), so two nodes never send
 * one at the same time; an outcome is recorded only while the claim still holds. All state is in
 * the table, so a restart loses nothing: a row claimed by a process that died is taken again once
 * its lease runs out. Delivery is at least once: a merchant may see a callback twice (a lost 2xx,
 * an operator's replay) and must treat callbacks as idempotent.
 */
export function callbackDeliveryJob(deps: CallbackDeliveryDeps): PeriodicJob {
  return callbackDelivery(deps).job;
}

/** The delivery behind callbackDeliveryJob, with its one-clock pass for the sandbox's clocks. */
export function callbackDelivery(deps: CallbackDeliveryDeps): CallbackDelivery {
  const attemptTimeoutMs = deps.attemptTimeoutMs ?? CALLBACK_ATTEMPT_TIMEOUT_MS;
  if (attemptTimeoutMs * 2 > CALLBACK_LEASE_MS) {
    throw new Error(`the callback attempt timeout must be at most half the lease (${CALLBACK_LEASE_MS} ms)`);
  }
  const delivery: Delivery = {
    repository: deps.repository,
    signer: new CallbackSigner(deps.secrets, deps.gatewayKeys),
    clock: deps.clock,
    scope: deps.scope ?? realTimeOnly(deps.clock),
    logger: deps.logger,
    addresses: deps.addresses,
    attemptTimeoutMs,
    observer: deps.observer ?? NO_CALLBACK_OBSERVER,
  };
  return {
    job: {
      name: 'callback-delivery',
      batchSize: CALLBACK_BATCH_MAX,
      async runOnce() {
        let taken = 0;
        for (const pass of clockPasses(delivery.scope)) {
          taken = Math.max(taken, (await deliverBatch(delivery, pass)).length);
        }
        return taken;
      },
    },
    deliverDue: (pass) => deliverBatch(delivery, pass),
  };
}
