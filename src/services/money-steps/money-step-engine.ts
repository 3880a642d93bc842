import type { Logger } from 'pino';
import { realTimeOnly, type Clock, type MerchantScope } from '../../domain/clock.js';
import { isUnknown } from '../../processing/acquirer/acquirer-port.js';
import type { Executor, GroupCommit } from '../../store-engine/index.js';
import type { DueStep, MoneyStepRepository } from '../../store/money-step-repository.js';
import type { OperationRepository } from '../../store/operation-repository.js';
import type { StepRow } from '../../store/schema.js';
import {
  attention,
  DONE,
  isStray,
  retry,
  type Live,
  type Settled,
  type StepDefinition,
  type StepEnd,
} from './step-definition.js';
import { isStepKind, type StepKind } from './step-kinds.js';
import {
  STEP_ATTEMPTS_MAX,
  STEP_LEASE_MARGIN_MS,
  STEP_RECOVERY_CONCURRENCY,
  backoffMs,
} from './step-policy.js';

export interface StepTiming {
  /** The acquirer's deadline: a live call has its answer or an unknown outcome by then. */
  readonly acquirerTimeoutMs: number;
  /** How long past that deadline a pending step is left to its live process. */
  readonly graceMs: number;
}

/**
 * What the live call learned: the acquirer's answer, and the last settle of the chain it started
 * (a compensation's, a credit leg's), or that no answer came.
 */
export type LiveEnd<Answer = object> =
  | { readonly answered: true; readonly answer: Answer; readonly settled: Settled }
  | { readonly answered: false };

/**
 * The awaits between a step's intent and its settle where another writer may come in: before the
 * request is sent (`sending`: after the intent, or after the settle that wrote the step) and
 * after the acquirer answered (`answered`); in recovery, after the lease (`leased`), after the
 * no-answer policy (`unanswered`) and after the acquirer was asked (`asked`).
 */
export type StepPoint = 'sending' | 'answered' | 'leased' | 'unanswered' | 'asked';

/**
 * Called at every StepPoint; the tests' scheduler holds one writer there while another runs, so
 * every interleaving of the live call and recovery can be tried. Production passes none.
 */
export type StepScheduler = (point: StepPoint, step: StepRow) => Promise<void>;

/** A definition with its types closed over: what the engine needs of a kind it did not start. */
interface Entry {
  /** Recovery: the no-answer policy, the question to the acquirer, the settle. */
  recover(step: StepRow): Promise<StepEnd>;
  /** A step written by another's settle (a compensation, a credit leg): sent, then settled. */
  sendWritten(step: StepRow, requestId: string | undefined): Promise<LiveEnd>;
  leftForAttention(db: Executor, step: StepRow, nowMs: number): Promise<void>;
}

/**
 * The money engine: every movement of money is a step (an operation row) written pending before
 * the acquirer is called and finished only while still pending, by its kind's one definition.
 * Live, `perform` writes the intent, sends the request and settles the answer. A step its live
 * process did not finish (a crash, no answer) is recovered here by the same definition: leased
 * first, so two nodes or workers never send it at once; each step isolated, so one that throws is
 * logged, counted and tried again later while the next one runs; tried again with backoff; and
 * after STEP_ATTEMPTS_MAX tries, or at once when the acquirer's refusal is final, left in
 * `needsAttention` for a person (gatehouse attention), never read as done.
 */
export class MoneyStepEngine {
  private readonly entries = new Map<StepKind, Entry>();

  constructor(
    private readonly steps: MoneyStepRepository,
    private readonly operations: OperationRepository,
    private readonly writes: GroupCommit,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly timing: StepTiming,
    private readonly scheduler?: StepScheduler,
    /** Leases, backoff and the live call's deadline read `scope.real`; dates the merchant's clock. */
    private readonly scope: MerchantScope = realTimeOnly(clock),
  ) {}

  private async at(point: StepPoint, step: StepRow): Promise<void> {
    if (this.scheduler !== undefined) await this.scheduler(point, step);
  }

  /** Registers the definition of some step kinds (each kind has one). */
  define<Intent, Terms, Answer extends object>(definition: StepDefinition<Intent, Terms, Answer>): void {
    const entry: Entry = {
      recover: (step) => this.recoverWith(definition, step),
      sendWritten: (step, requestId) =>
        this.sendWith(definition, step, requestId === undefined ? {} : { requestId }),
      leftForAttention: (db, step, nowMs) =>
        definition.leftForAttention?.(db, step, nowMs) ?? Promise.resolve(),
    };
    for (const kind of definition.kinds) {
      if (this.entries.has(kind)) throw new Error(`step kind ${kind} is defined twice`);
      this.entries.set(kind, entry);
    }
  }

  /**
   * The live path: the intent's unit (a Refusal thrown by it reaches the caller, nothing written),
   * the acquirer's answer, its settle, and whatever step the settle started.
   */
  async perform<Intent, Terms, Answer extends object>(
    definition: StepDefinition<Intent, Terms, Answer>,
    intent: Intent,
    step: StepRow,
    live: Live<Terms>,
  ): Promise<LiveEnd<Answer>> {
    await this.writes.run((db) => definition.start(db, intent));
    return this.sendWith(definition, step, live);
  }

  private async sendWith<Intent, Terms, Answer extends object>(
    definition: StepDefinition<Intent, Terms, Answer>,
    step: StepRow,
    live: Live<Terms>,
  ): Promise<LiveEnd<Answer>> {
    await this.at('sending', step);
    const answer = await definition.send(step, live.terms);
    if (isUnknown(answer)) {
      await this.unanswered(definition, step);
      return { answered: false };
    }
    if (isStray(answer)) {
      await this.conclude(step, attention(answer.stray), step.attempts);
      return { answered: false };
    }
    await this.at('answered', step);
    const settled = await definition.settle(step, answer, live);
    const end = settled.end;
    if (end.end === 'next') {
      const following = await this.entryOf(end.step.kind).sendWritten(end.step, live.requestId);
      // The last settle in the chain tells what the order now reads.
      return { answered: true, answer, settled: following.answered ? following.settled : { end: DONE } };
    }
    await this.conclude(step, end, step.attempts);
    return { answered: true, answer, settled };
  }

  /** The no-answer policy "decline now", guarded by the step still pending; false when it is not. */
  private async unanswered<Intent, Terms, Answer extends object>(
    definition: StepDefinition<Intent, Terms, Answer>,
    step: StepRow,
  ): Promise<boolean> {
    const decline = definition.unanswered?.bind(definition);
    if (decline === undefined) return true;
    const nowMs = this.clock.nowMs();
    return this.writes.run(async (db) => {
      if (!(await this.operations.holdPending(db, step.id))) return false;
      await decline(db, step, nowMs);
      return true;
    });
  }

  private async recoverWith<Intent, Terms, Answer extends object>(
    definition: StepDefinition<Intent, Terms, Answer>,
    step: StepRow,
  ): Promise<StepEnd> {
    // The same policy as a live call without an answer: a customer waiting for it is told so first.
    if (!(await this.unanswered(definition, step))) return DONE;
    await this.at('unanswered', step);
    const answer = await definition.ask(step);
    if (isUnknown(answer)) return retry('the acquirer did not answer');
    await this.at('asked', step);
    if (isStray(answer)) return attention(answer.stray);
    return (await definition.settle(step, answer, {})).end;
  }

  /**
   * One recovery run: up to `limit` due steps, each on its own; how many were taken. Orders are
   * resumed STEP_RECOVERY_CONCURRENCY at a time, oldest first, each order's steps in turn: the
   * lease and the guarded writes that keep two nodes apart keep these apart too.
   */
  async recoverDue(limit: number): Promise<number> {
    let due = await this.dueSteps(limit, 0);
    // A merchant whose test clock is ahead dated its steps ahead too: their deadline is its own.
    for (const [merchantId, offsetMs] of this.scope.advanced()) {
      if (due.length >= limit) break;
      const taken = new Set(due.map((step) => step.id));
      const more = await this.dueSteps(limit - due.length, offsetMs, merchantId);
      due = [...due, ...more.filter((step) => !taken.has(step.id))];
    }
    const byOrder = new Map<string, DueStep[]>();
    for (const step of due) {
      const steps = byOrder.get(step.order_id);
      if (steps === undefined) byOrder.set(step.order_id, [step]);
      else steps.push(step);
    }
    const orders = [...byOrder.values()];
    const lane = async (): Promise<void> => {
      for (let steps = orders.shift(); steps !== undefined; steps = orders.shift()) {
        for (const step of steps) await this.scope.within(step.merchant_id, () => this.recover(step));
      }
    };
    // Every lane ends before the run does; a database that fails one (a lease not written) fails the run.
    const lanes = await Promise.allSettled(
      Array.from({ length: Math.min(STEP_RECOVERY_CONCURRENCY, orders.length) }, lane),
    );
    const failed = lanes.find((outcome) => outcome.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
    return due.length;
  }

  private dueSteps(limit: number, offsetMs: number, merchantId?: string): Promise<DueStep[]> {
    const nowMs = this.scope.real.nowMs();
    const olderThanMs = nowMs + offsetMs - this.timing.acquirerTimeoutMs - this.timing.graceMs;
    return this.steps.due([...this.entries.keys()], nowMs, olderThanMs, limit, merchantId);
  }

  /** Recovers a due step now, and sends what its settle starts. */
  async recover(step: StepRow): Promise<void> {
    let written = await this.tryOnce(step, false);
    while (written !== undefined) written = await this.tryOnce(written, true);
  }

  /** One leased try: a due step is recovered; a step its settle just wrote is sent. */
  private async tryOnce(step: StepRow, written: boolean): Promise<StepRow | undefined> {
    const entry = this.entryOf(step.kind);
    const nowMs = this.scope.real.nowMs();
    const leaseUntilMs = nowMs + this.timing.acquirerTimeoutMs + STEP_LEASE_MARGIN_MS;
    if (!(await this.writes.run((db) => this.steps.lease(db, step.id, nowMs, leaseUntilMs))))
      return undefined;
    const attempts = step.attempts + 1;
    const leased = { ...step, attempts, claimed_until_ms: leaseUntilMs };
    let end: StepEnd;
    try {
      await this.at('leased', leased);
      if (written) {
        const sent = await entry.sendWritten(leased, undefined);
        return sent.answered ? undefined : await this.deferUnanswered(leased);
      }
      end = await entry.recover(leased);
    } catch (error) {
      // One step's fault never stops the others: it is logged, counted, and tried again later.
      this.logger.error(
        { err: error, stepId: step.id, orderId: step.order_id, kind: step.kind, attempts },
        'money step failed; it is tried again after its backoff',
      );
      end = retry(error instanceof Error ? error.message : String(error));
    }
    if (end.end === 'next') return end.step;
    await this.conclude(leased, end, attempts);
    return undefined;
  }

  private async deferUnanswered(step: StepRow): Promise<undefined> {
    await this.conclude(step, retry('the acquirer did not answer'), step.attempts);
    return undefined;
  }

  /** After a try: nothing more, another try after the backoff, or a person. */
  private async conclude(step: StepRow, end: StepEnd, attempts: number): Promise<void> {
    switch (end.end) {
      case 'done':
      case 'next':
        return;
      case 'retry': {
        if (attempts >= STEP_ATTEMPTS_MAX) {
          await this.leaveForAttention(step, `${end.reason} (after ${attempts} attempts)`, end.actionCode);
          return;
        }
        // Decided once, outside the unit: a unit run twice must write the same (group-commit.ts).
        const nextAttemptAtMs = this.scope.real.nowMs() + backoffMs(attempts);
        await this.writes.run((db) => this.steps.defer(db, step.id, nextAttemptAtMs, end.reason));
        return;
      }
      case 'attention':
        await this.leaveForAttention(step, end.reason, end.actionCode);
        return;
    }
  }

  private entryOf(kind: string): Entry {
    const entry = isStepKind(kind) ? this.entries.get(kind) : undefined;
    if (entry === undefined) throw new Error(`no definition for step kind ${kind}`);
    return entry;
  }

  private async leaveForAttention(step: StepRow, reason: string, actionCode?: number): Promise<void> {
    const nowMs = this.clock.nowMs();
    const entry = this.entryOf(step.kind);
    const left = await this.writes.run(async (db) => {
      if (!(await this.steps.needsAttention(db, step.id, reason, nowMs, actionCode))) return false;
      await entry.leftForAttention(db, step, nowMs);
      return true;
    });
    if (!left) return;
    const held = await this.steps.attentionStep(step.id);
    // Error level: money is unaccounted for until a person looks (gatehouse attention list).
    this.logger.error(
      {
        stepId: step.id,
        orderId: step.order_id,
        orderNumber: held?.order_number,
        merchant: held?.merchant_login,
        maskedPan: held?.card_masked_pan ?? undefined,
        kind: step.kind,
        amountMinor: step.amount_minor,
        currency: step.currency,
        reason,
      },
      'money step needs attention: nothing automatic will finish it',
    );
  }
}
