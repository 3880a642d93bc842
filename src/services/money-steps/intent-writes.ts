import { Refusal } from '../../domain/refusals.js';
import type { DccCalculationRepository } from '../../store/dcc-repository.js';
import { type Executor, isUniqueViolation } from '../../store-engine/index.js';
import type { WalletRepository } from '../../store/wallet-repository.js';

/**
 * What a payment spends in the unit of its intent, as values: they commit (or fail) with the
 * claim, so a second payment with the same calculation or wallet token stops on its table's key.
 */
export type IntentWrite =
  /** The DCC calculation the payment converts with: used once, ever. */
  | { readonly kind: 'dccUsed'; readonly dccUuid: string }
  /** The wallet token (or cryptogram) the payment is made with: spent once per merchant. */
  | { readonly kind: 'walletTokenSpent'; readonly wallet: 'a' | 'b' | 'c'; readonly tokenId: string };

/** Carries out the intent's extra writes; each a guard that refuses the payment when it fails. */
export class IntentWrites {
  constructor(
    private readonly calculations: DccCalculationRepository,
    private readonly wallets: WalletRepository,
  ) {}

  async apply(
    db: Executor,
    writes: readonly IntentWrite[],
    order: { readonly id: string; readonly merchant_id: string },
    nowMs: number,
  ): Promise<void> {
    for (const write of writes) {
      switch (write.kind) {
        case 'dccUsed':
          if (!(await this.calculations.markUsed(db, write.dccUuid, nowMs)))
            throw new Refusal('DCC_CALCULATION_USED');
          break;
        case 'walletTokenSpent':
          try {
            await this.wallets.markTokenUsed(db, {
              wallet: write.wallet,
              token_id: write.tokenId,
              merchant_id: order.merchant_id,
              order_id: order.id,
              created_at_ms: nowMs,
            });
          } catch (error) {
            if (isUniqueViolation(error)) throw new Refusal('WALLET_TOKEN_REPLAYED');
            throw error;
          }
          break;
      }
    }
  }
}
