import type { Clock } from '../../domain/clock.js';
import type { RandomSource } from '../../domain/random-source.js';
import { AuditRepository } from '../../store/audit-repository.js';
import type { GroupCommit } from '../../store-engine/index.js';
import type { ConsoleForbidden, Operator } from './operator.js';

/** Why the console refused an attempt before it ran: the role lacks the right, or the form's token. */
export type RefusedBecause = 'forbidden' | 'csrf';

/**
 * The audit entries of attempts the console refused before any action ran (HTTP 403): who tried
 * what, on which order, and why. Done and refused actions are audited where they run
 * (AuditedOnce); these never reach it, yet a role probing what it may not do is what an auditor
 * looks for.
 */
export class RefusedAttempts {
  constructor(
    private readonly writes: GroupCommit,
    private readonly random: RandomSource,
    private readonly clock: Clock,
  ) {}

  async forbidden(operator: Operator, refused: ConsoleForbidden): Promise<void> {
    const { subject } = refused;
    await this.append(operator, subject.action ?? refused.right, 'forbidden', {
      merchantId: subject.merchantId ?? null,
      orderId: subject.orderId ?? null,
      amountMinor: subject.amountMinor ?? null,
      currency: subject.currency ?? null,
      details: { right: refused.right },
    });
  }

  /** A post whose form token is not the session's: the page it came from is all that is known. */
  async csrf(operator: Operator, path: string): Promise<void> {
    const details = { path: path.slice(0, 255) };
    await this.append(operator, 'formToken', 'csrf', {
      merchantId: null,
      orderId: null,
      amountMinor: null,
      currency: null,
      details,
    });
  }

  private async append(
    operator: Operator,
    action: string,
    because: RefusedBecause,
    subject: {
      merchantId: string | null;
      orderId: string | null;
      amountMinor: number | null;
      currency: string | null;
      details: Record<string, unknown>;
    },
  ): Promise<void> {
    const entry = {
      id: this.random.uuid(),
      operator_id: operator.id,
      operator_email: operator.email,
      at_ms: this.clock.nowMs(),
      action,
      merchant_id: subject.merchantId,
      order_id: subject.orderId,
      amount_minor: subject.amountMinor,
      currency: subject.currency,
      outcome: `refused: ${because}`,
      details: JSON.stringify({ ...subject.details, refusedBecause: because }),
    };
    await this.writes.run((db) => AuditRepository.append(db, entry));
  }
}
