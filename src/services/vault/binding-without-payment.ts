import type { CardExpiry } from '../../domain/card-rules.js';
import type { Pan } from '../../domain/pan.js';
import type { GroupCommit } from '../../store-engine/index.js';
import type { CredentialVault } from './credential-vault.js';

/** A card a merchant stores for its client without paying (createBindingNoPayment.do). */
export interface CardToStore {
  readonly merchantId: string;
  readonly clientId: string;
  readonly pan: Pan;
  readonly expiry: CardExpiry;
  readonly email: string | null;
  readonly phone: string | null;
  /** X-Request-Id of the call, for the bindingCreated callback. */
  readonly requestId?: string;
}

/**
 * Stores a card as a common binding of its client under the rules of every stored card (one
 * binding per card per client: storing it again refreshes that binding), in one unit of work.
 * No payment cites it yet: the first payment with the binding is the one later ones cite.
 */
export class BindingWithoutPayment {
  constructor(
    private readonly vault: CredentialVault,
    private readonly writes: GroupCommit,
  ) {}

  async store(card: CardToStore): Promise<{ bindingId: string }> {
    const { bindingId } = await this.writes.run((db) =>
      this.vault.store(db, {
        ...card,
        category: 'COMMON',
        order: null,
        netRefNum: null,
        paymentDateMs: null,
      }),
    );
    return { bindingId };
  }
}
