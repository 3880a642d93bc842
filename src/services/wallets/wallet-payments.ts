import type { Clock } from '../../domain/clock.js';
import type { CardForAuthorization } from '../../processing/acquirer/acquirer-port.js';
import type { NewOrder } from '../../store/order-columns.js';
import type { OrderRow } from '../../store/schema.js';
import type { WalletRepository } from '../../store/wallet-repository.js';
import type { CardPayment, CardPaymentInput } from '../card-payment.js';
import type { IntentWrite } from '../money-steps/intent-writes.js';

/** A wallet token, verified and decrypted: what pays, and what names the token against replay. */
export interface WalletCard {
  readonly wallet: 'a' | 'b' | 'c';
  /** Wallet A `transactionId`, wallet B `messageId`, wallet C a digest of merchant, device PAN and cryptogram. */
  readonly tokenId: string;
  /** The device PAN (or, for a wallet B PAN_ONLY token, the card's own), its expiry and holder. */
  readonly card: CardForAuthorization;
  /** The online payment cryptogram and its ECI, when the wallet authenticated the customer. */
  readonly cryptogram?: { readonly value: string; readonly eci: string };
  readonly paymentWay: 'APPLE_PAY' | 'GOOGLE_PAY_TOKENIZED' | 'GOOGLE_PAY_CARD' | 'SAMSUNG_PAY';
}

export type WalletTerms = Pick<
  CardPaymentInput,
  | 'twoPhase'
  | 'autoCompleteAtMs'
  | 'autoReverseAtMs'
  | 'tii'
  | 'storeCredential'
  | 'verification'
  | 'secureAuth'
  | 'requestId'
>;

/**
 * Pays an order with a wallet token through the card-payment skeleton: the token is marked paid
 * in the intent unit (so a second payment of it stops on the table's key, however requests race),
 * and a cryptogram goes to the acquirer as the authentication value with its ECI, as a 3-D Secure
 * result would.
 */
export class WalletPayments {
  constructor(
    private readonly payment: CardPayment,
    private readonly wallets: WalletRepository,
    private readonly clock: Clock,
  ) {}

  async registerAndPay(order: NewOrder, wallet: WalletCard, terms: WalletTerms): Promise<OrderRow> {
    const cryptogram = wallet.cryptogram;
    return this.payment.registerAndPay(order, {
      ...terms,
      card: wallet.card,
      paymentWay: wallet.paymentWay,
      ...(cryptogram === undefined
        ? {}
        : {
            authentication: { eci: cryptogram.eci, authenticationValue: cryptogram.value },
            secureAuth: JSON.stringify({ eci: cryptogram.eci, threeDsType: 'WALLET_CRYPTOGRAM' }),
          }),
      spends: [this.spendOf(wallet)],
    });
  }

  /** The write that spends the token, for the unit that registers its order. */
  spendOf(wallet: WalletCard): IntentWrite {
    return { kind: 'walletTokenSpent', wallet: wallet.wallet, tokenId: wallet.tokenId };
  }

  /** The order a token was spent on, if it was. */
  async orderOfToken(wallet: WalletCard['wallet'], tokenId: string): Promise<string | undefined> {
    return this.wallets.orderOfToken(wallet, tokenId);
  }
}
