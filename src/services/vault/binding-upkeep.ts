import type { CardExpiry } from '../../domain/card-rules.js';
import type { GroupCommit } from '../../store-engine/index.js';
import type { CredentialVault } from './credential-vault.js';

/**
 * What a merchant changes on a stored card (unBindCard.do, bindCard.do, extendBinding.do), each
 * change one unit of work: the binding row and, for activity, its callback in the outbox together.
 */
export class BindingUpkeep {
  constructor(
    private readonly vault: CredentialVault,
    private readonly writes: GroupCommit,
  ) {}

  /** Deactivates (false) or reactivates (true) a binding; refused when it already is. */
  setActive(merchantId: string, bindingId: string, active: boolean, requestId?: string): Promise<void> {
    return this.writes.run((db) => this.vault.setActive(db, merchantId, bindingId, active, requestId));
  }

  /** The renewed card's expiry. */
  extend(merchantId: string, bindingId: string, newExpiry: CardExpiry): Promise<void> {
    return this.writes.run((db) => this.vault.extend(db, merchantId, bindingId, newExpiry));
  }
}
