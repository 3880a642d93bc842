import { pendingOperationRow, type OperationIntent } from '../../domain/operation-intent.js';
import type { StepRow } from '../../store/schema.js';

/** A step as its intent writes it: pending, never tried, held by nobody. */
export function pendingStep(intent: OperationIntent): StepRow {
  return {
    ...pendingOperationRow(intent),
    attempts: 0,
    next_attempt_at_ms: null,
    claimed_until_ms: null,
    last_error: null,
  };
}
