import type { Clock } from '../../domain/clock.js';
import type { GroupCommit } from '../../store-engine/index.js';
import type { AttentionStep, MoneyStepRepository } from '../../store/money-step-repository.js';
import type { StepResolutionRow } from '../../store/schema.js';
import { AdminError } from '../merchant-admin.js';

/** How many steps `attention list` shows at most. */
export const ATTENTION_LIST_MAX = 500;
/** An operator's note: what was done by hand (a manual reversal, a call to the issuer). */
export const RESOLUTION_NOTE_CHARS_MAX = 2000;

export interface AttentionView {
  readonly step: AttentionStep;
  readonly resolution?: StepResolutionRow;
}

/**
 * The steps nothing automatic will finish (a reversal the acquirer refused for good, a step out
 * of attempts), for a person: list them, read one, and record what was done by hand. Resolving
 * writes the note and who wrote it; it moves no money and never makes a step read as done by the
 * gateway: the step reads `resolved`, beside its refusal.
 */
export class StepAttention {
  constructor(
    private readonly steps: MoneyStepRepository,
    private readonly writes: GroupCommit,
    private readonly clock: Clock,
  ) {}

  list(includeResolved = false): Promise<AttentionStep[]> {
    return this.steps.attention(includeResolved, ATTENTION_LIST_MAX);
  }

  async show(stepId: string): Promise<AttentionView> {
    const step = await this.steps.attentionStep(stepId);
    if (step === undefined) throw new AdminError(`step "${stepId}" does not exist`);
    const resolution = await this.steps.resolution(stepId);
    return resolution === undefined ? { step } : { step, resolution };
  }

  async resolve(stepId: string, note: string, resolvedBy: string): Promise<void> {
    const text = note.trim();
    if (text.length === 0) throw new AdminError('--note must say what was done');
    if (text.length > RESOLUTION_NOTE_CHARS_MAX)
      throw new AdminError(`--note is longer than ${RESOLUTION_NOTE_CHARS_MAX} characters`);
    const { step } = await this.show(stepId);
    if (step.state !== 'needsAttention')
      throw new AdminError(`step "${stepId}" is ${step.state}, not waiting for attention`);
    const resolution = {
      operation_id: stepId,
      note: text,
      resolved_by: resolvedBy,
      resolved_at_ms: this.clock.nowMs(),
    };
    if (!(await this.writes.run((db) => this.steps.resolve(db, resolution))))
      throw new AdminError(`step "${stepId}" was resolved meanwhile`);
  }
}
