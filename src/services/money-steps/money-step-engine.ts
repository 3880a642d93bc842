import type { Logger } from 'pino';
import type { Clock } from '../../domain/clock.js';
import type { GroupCommit } from '../../store/group-commit.js';
import type { MoneyStepRepository } from '../../store/money-step-repository.js';
import type { StepRow } from '../../store/schema.js';
import { retry, type StepDefinition, type StepEnd } from './step-definition.js';
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
 * The money engine's recovery: every movement of money is a step (an operation row) written
 * pending before the acquirer is called and finished only while still pending. A step its live
 * process did not finish (a crash, no answer) is resumed here by its kind's definition: leased
 * first, so two nodes or workers never send it at once; each step isolated, so one that throws
 * is logged, counted and tried again later while the next one runs; tried again with backoff;
 * and after STEP_ATTEMPTS_MAX tries, or at once when the acquirer's refusal is final, left in
 * `needsAttention` for a person (gatehouse attention), never read as done.
 */
export class MoneyStepEngine {
  private readonly definitions = new Map<string, StepDefinition>();

  constructor(
    private readonly steps: MoneyStepRepository,
    private readonly writes: GroupCommit,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly timing: StepTiming,
  ) {}

  /** Registers the definition of some step kinds (each kind has one). */
  define(definition: StepDefinition): void {
    for (const kind of definition.kinds) {
      if (this.definitions.has(kind)) throw new Error(`step kind ${kind} is defined twice`);
      this.definitions.set(kind, definition);
    }
  }

  /**
   * One recovery run: up to `limit` due steps, each on its own; how many were taken. Orders are
   * resumed STEP_RECOVERY_CONCURRENCY at a time, oldest first, each order's steps in turn: the
   * lease and the guarded writes that keep two nodes apart keep these apart too.
   */
  async recoverDue(limit: number): Promise<number> {
    const nowMs = this.clock.nowMs();
    const olderThanMs = nowMs - this.timing.acquirerTimeoutMs - this.timing.graceMs;
    const due = await this.steps.due([...this.definitions.keys()], nowMs, olderThanMs, limit);
    const byOrder = new Map<string, StepRow[]>();
    for (const step of due) {
      const steps = byOrder.get(step.order_id);
      if (steps === undefined) byOrder.set(step.order_id, [step]);
      else steps.push(step);
    }
    const orders = [...byOrder.values()];
    const lane = async (): Promise<void> => {
      for (let steps = orders.shift(); steps !== undefined; steps = orders.shift()) {
        for (const step of steps) await this.run(step);
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

  /** Tries a step now (a compensation just written, or a due step), and what it starts. */
  async run(step: StepRow): Promise<void> {
    let next: StepRow | undefined = step;
    while (next !== undefined) next = await this.tryOnce(next);
  }

  private async tryOnce(step: StepRow): Promise<StepRow | undefined> {
    const definition = this.definitions.get(step.kind);
    if (definition === undefined) throw new Error(`no definition for step kind ${step.kind}`);
    const nowMs = this.clock.nowMs();
    const leaseUntilMs = nowMs + this.timing.acquirerTimeoutMs + STEP_LEASE_MARGIN_MS;
    if (!(await this.writes.run((db) => this.steps.lease(db, step.id, nowMs, leaseUntilMs))))
      return undefined;
    const attempts = step.attempts + 1;
    let end: StepEnd;
    try {
      end = await definition.resume({ ...step, attempts, claimed_until_ms: leaseUntilMs });
    } catch (error) {
      // One step's fault never stops the others: it is logged, counted, and tried again later.
      this.logger.error(
        { err: error, stepId: step.id, orderId: step.order_id, kind: step.kind, attempts },
        'money step failed; it is tried again after its backoff',
      );
      end = retry(error instanceof Error ? error.message : String(error));
    }
    switch (end.end) {
      case 'done':
        return undefined;
      case 'next':
        return end.step;
      case 'retry': {
        if (attempts >= STEP_ATTEMPTS_MAX) {
          await this.leaveForAttention(step, `${end.reason} (after ${attempts} attempts)`, end.actionCode);
          return undefined;
        }
        // Decided once, outside the unit: a unit run twice must write the same (group-commit.ts).
        const nextAttemptAtMs = this.clock.nowMs() + backoffMs(attempts);
        await this.writes.run((db) => this.steps.defer(db, step.id, nextAttemptAtMs, end.reason));
        return undefined;
      }
      case 'attention':
        await this.leaveForAttention(step, end.reason, end.actionCode);
        return undefined;
    }
  }

  private async leaveForAttention(step: StepRow, reason: string, actionCode?: number): Promise<void> {
    const nowMs = this.clock.nowMs();
    if (!(await this.writes.run((db) => this.steps.needsAttention(db, step.id, reason, nowMs, actionCode))))
      return;
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
