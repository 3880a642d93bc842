import type { Clock } from '../../domain/clock.js';
import { REFUSALS, Refusal } from '../../domain/refusals.js';
import { translate } from '../../i18n/translate.js';
import { AuditRepository } from '../../store/audit-repository.js';
import { type GroupCommit, isUniqueViolation } from '../../store-engine/index.js';
import type { ConsoleAuditRow } from '../../store/schema.js';
import { AdminError } from '../admin-error.js';
import type { Operator } from './operator.js';

/** What an operator's action did: done, refused by the same rules as the API, or done before. */
export interface ActionResult {
  readonly outcome: 'done' | 'refused' | 'duplicate';
  /** Why it was refused, in English (the audit keeps the refusal's key too). */
  readonly message?: string;
  readonly auditId: string;
}

/** The form's one-time key (a UUID the confirmation page carries) and who acts. */
export interface ActionRequest {
  readonly operator: Operator;
  readonly key: string;
}

/** What the audit entry names besides the operator and the outcome. Never a secret. */
export interface AuditSubject {
  readonly merchantId: string | null;
  readonly orderId: string | null;
  readonly amountMinor: number | null;
  readonly currency: string | null;
  readonly details?: Record<string, unknown>;
}

const KEY = /^[0-9a-f-]{36}$/;
/** How long a double click waits for the first submit's outcome before it says "done before". */
const DUPLICATE_WAIT_MS = 5_000;

/**
 * Runs a console action once per confirmation form and audits it: the form's key is taken in the
 * database before anything runs (a double click finds it taken and reports the first submit's
 * outcome), and an entry is appended under the same key whatever the outcome. What the action
 * returns (a new password, a token) goes back to the caller only, never into the audit.
 */
export class AuditedOnce {
  constructor(
    private readonly audit: AuditRepository,
    private readonly writes: GroupCommit,
    private readonly clock: Clock,
  ) {}

  /** `run` for an action that makes nothing to hand back: its outcome alone. */
  async outcome(
    request: ActionRequest,
    action: string,
    subject: AuditSubject,
    act: () => Promise<void>,
  ): Promise<ActionResult> {
    return (await this.run(request, action, subject, act)).result;
  }

  /**
   * `detailsOf` adds what only the action's outcome knows (the id of what it made) to the entry;
   * it must return no secret.
   */
  async run<T>(
    request: ActionRequest,
    action: string,
    subject: AuditSubject,
    act: () => Promise<T>,
    detailsOf?: (value: T) => Record<string, unknown>,
  ): Promise<{ result: ActionResult; value?: T }> {
    if (!KEY.test(request.key)) throw new AdminError('the form has no valid action key; open it again');
    const nowMs = this.clock.nowMs();
    try {
      await this.writes.run((db) =>
        AuditRepository.takeActionKey(db, request.key, request.operator.id, nowMs),
      );
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return { result: await this.duplicate(request.key) };
    }
    let outcome = 'done';
    let message: string | undefined;
    let refusal: Refusal | undefined;
    let value: { readonly made: T } | undefined;
    try {
      value = { made: await act() };
    } catch (error) {
      if (error instanceof Refusal) {
        refusal = error;
        message = translate('en', { key: REFUSALS[error.key].message, vars: error.vars });
      } else if (error instanceof AdminError) {
        message = error.message;
      } else throw error;
      outcome = `refused: ${refusal?.key ?? message}`;
    }
    const made = value === undefined || detailsOf === undefined ? {} : detailsOf(value.made);
    const entry: ConsoleAuditRow = {
      id: request.key,
      operator_id: request.operator.id,
      operator_email: request.operator.email,
      at_ms: this.clock.nowMs(),
      action,
      merchant_id: subject.merchantId,
      order_id: subject.orderId,
      amount_minor: subject.amountMinor,
      currency: subject.currency,
      outcome,
      details: JSON.stringify({
        ...subject.details,
        ...made,
        ...(message === undefined ? {} : { message }),
        // The refusal itself, so that the console words it in its own language when it shows it.
        ...(refusal === undefined ? {} : { refusal: { key: refusal.key, vars: refusal.vars } }),
      }),
    };
    await this.writes.run((db) => AuditRepository.append(db, entry));
    const result: ActionResult = {
      outcome: outcome === 'done' ? 'done' : 'refused',
      ...(message === undefined ? {} : { message }),
      auditId: entry.id,
    };
    return value === undefined ? { result } : { result, value: value.made };
  }

  /** A second submit of one form: the first's outcome once its audit entry is written. */
  private async duplicate(key: string): Promise<ActionResult> {
    const deadline = Date.now() + DUPLICATE_WAIT_MS;
    for (;;) {
      const first = await this.audit.find(key);
      if (first !== undefined || Date.now() >= deadline) return { outcome: 'duplicate', auditId: key };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
