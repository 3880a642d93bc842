import { createHash } from 'node:crypto';
import { parseExpiry } from '../../domain/card-rules.js';
import { Refusal, type RefusalKey } from '../../domain/refusals.js';
import { openWalletAToken } from '../../processing/wallets/wallet-a/open-wallet-a-token.js';
import {
  readWalletAPayload,
  type WalletAPayment,
} from '../../processing/wallets/wallet-a/wallet-a-payment.js';
import { openWalletBToken, type WalletBPayment } from '../../processing/wallets/wallet-b/index.js';
import {
  openWalletCToken,
  readWalletCPayload,
  type WalletCPayment,
} from '../../processing/wallets/wallet-c/index.js';
import type { MerchantContext } from '../merchant-context.js';
import {
  isWalletTokenError,
  type WalletTokenErrorReason,
} from '../../processing/wallets/wallet-token-error.js';
import type { WalletKeyring } from './wallet-keyring.js';
import type { WalletCard } from './wallet-payments.js';

/** A verified token: what pays, and the amount and currency the order is registered with. */
export interface OpenedWallet {
  readonly wallet: WalletCard;
  readonly amountMinor: number;
  readonly currency: string;
  /** A wallet B PAN_ONLY token for a merchant that authenticates: 3-D Secure runs as for a typed card. */
  readonly authenticate?: boolean;
}

/**
 * Each way a token fails is its own refusal
 * (docs/decisions/0077-wallet-token-error-codes-21-to-27.md).
 */
const REFUSAL_OF: Record<WalletTokenErrorReason, RefusalKey> = {
  malformed: 'WALLET_TOKEN_MALFORMED',
  badSignature: 'WALLET_SIGNATURE_INVALID',
  untrustedChain: 'WALLET_CHAIN_UNTRUSTED',
  expired: 'WALLET_TOKEN_EXPIRED',
  wrongMerchantKey: 'WALLET_KEY_MISMATCH',
  unsupportedVersion: 'WALLET_VERSION_UNSUPPORTED',
};

/** The decryptors' failures as refusals; anything else is a fault and stays one. */
function refused<T>(open: () => T): T {
  try {
    return open();
  } catch (error) {
    if (isWalletTokenError(error)) throw new Refusal(REFUSAL_OF[error.reason]);
    throw error;
  }
}

/** A wallet A payment as the card-payment skeleton takes it: the device PAN with its cryptogram. */
function walletACard(payment: WalletAPayment, tokenId: string): OpenedWallet {
  const expiry = parseExpiry(payment.expiryYYYYMM);
  if (expiry === undefined) throw new Refusal('WALLET_TOKEN_MALFORMED');
  return {
    wallet: {
      wallet: 'a',
      tokenId,
      card: {
        pan: payment.applicationPrimaryAccountNumber,
        expiry,
        ...(payment.cardholderName === undefined ? {} : { cardholderName: payment.cardholderName }),
      },
      // A cryptogram without an ECI is the network's default for an authenticated device payment.
      cryptogram: { value: payment.paymentData.onlinePaymentCryptogram.reveal(), eci: payment.eci ?? '07' },
      paymentWay: 'APPLE_PAY',
    },
    amountMinor: payment.transactionAmount,
    currency: payment.currencyCode,
  };
}

/** A wallet B payment as the card-payment skeleton takes it; the amount is the request's. */
function walletBCard(
  payment: WalletBPayment,
  order: { amountMinor: number; currency: string },
  merchant: MerchantContext,
): OpenedWallet {
  const expiry = parseExpiry(payment.expiryYYYYMM);
  if (expiry === undefined) throw new Refusal('WALLET_TOKEN_MALFORMED');
  const card = { pan: payment.pan, expiry };
  if (payment.authMethod === 'PAN_ONLY') {
    // The card's own number, which the wallet did not authenticate: 3-D Secure runs as for a card
    // typed in, unless the merchant skips it (sslOnly).
    return {
      wallet: { wallet: 'b', tokenId: payment.messageId, card, paymentWay: 'GOOGLE_PAY_CARD' },
      ...order,
      ...(merchant.permissions.has('sslOnly') ? {} : { authenticate: true }),
    };
  }
  const cryptogram = payment.cryptogram;
  if (cryptogram === undefined) throw new Refusal('WALLET_TOKEN_MALFORMED');
  return {
    wallet: {
      wallet: 'b',
      tokenId: payment.messageId,
      card,
      cryptogram: { value: cryptogram.reveal(), eci: payment.eci ?? '07' },
      paymentWay: 'GOOGLE_PAY_TOKENIZED',
    },
    ...order,
  };
}

/**
 * What names a wallet C credential against replay: the device PAN and its cryptogram, for the
 * merchant paying. The credential is signed by nobody (protocols-jose.md §6.6), so anyone with the
 * merchant's public key can wrap a spent cryptogram anew with a later `utc` or another amount;
 * only the cryptogram, the network's one-time value, says which payment it is. Scoped to the
 * merchant, so a refusal tells one merchant nothing about another's payments
 * (docs/decisions/0115-wallet-c-checks-and-replay.md).
 */
function walletCTokenId(payment: WalletCPayment, merchantId: string): string {
  return digestOf([merchantId, payment.tokenPan.reveal(), payment.cryptogram.reveal()]);
}

/** SHA-256 (hex) of the fields, in order: the same fields however they were encoded, the same id. */
function digestOf(fields: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/** Payment data a merchant decrypted itself, sent as its JSON or as Base64 of it. */
function decryptedData(paymentToken: string): Buffer {
  return paymentToken.trimStart().startsWith('{')
    ? Buffer.from(paymentToken, 'utf8')
    : Buffer.from(paymentToken, 'base64');
}

/** A wallet C credential as the card-payment skeleton takes it: the device PAN with its cryptogram. */
function walletCCard(payment: WalletCPayment, merchantId: string): OpenedWallet {
  const expiry = parseExpiry(payment.expiryYYYYMM);
  if (expiry === undefined) throw new Refusal('WALLET_TOKEN_MALFORMED');
  return {
    wallet: {
      wallet: 'c',
      tokenId: walletCTokenId(payment, merchantId),
      card: {
        pan: payment.tokenPan,
        expiry,
        ...(payment.cardholderName === undefined ? {} : { cardholderName: payment.cardholderName }),
      },
      cryptogram: { value: payment.cryptogram.reveal(), eci: payment.eci },
      paymentWay: 'SAMSUNG_PAY',
    },
    amountMinor: payment.amountMinor,
    currency: payment.currency,
  };
}

/**
 * Opens wallet tokens for the payment operations: verified and decrypted with the merchant's keys
 * and the trusted roots, at the request's time, each failure a refusal of its own.
 */
export class WalletTokens {
  constructor(private readonly keyring: WalletKeyring) {}

  async openA(merchantId: string, paymentToken: string, nowMs: number): Promise<OpenedWallet> {
    const keys = await this.keyring.walletAKeys(merchantId);
    if (keys.length === 0) throw new Refusal('WALLET_KEY_MISMATCH');
    const roots = await this.keyring.walletARoots();
    const payment = refused(() => openWalletAToken(paymentToken, keys, { roots }, nowMs));
    return walletACard(payment, payment.transactionId);
  }

  /**
   * A wallet B token for one of the merchant's recipient ids (each tried: a merchant moving to a new
   * id keeps the old one a while). The amount and currency are the request's (the token has none).
   */
  async openB(
    merchant: MerchantContext,
    paymentToken: string,
    order: { amountMinor: number; currency: string },
    nowMs: number,
  ): Promise<OpenedWallet> {
    const recipients = await this.keyring.walletBRecipients(merchant.id);
    if (recipients.length === 0) throw new Refusal('WALLET_KEY_MISMATCH');
    const trust = { rootKeys: await this.keyring.walletBRootKeys() };
    const text = walletBTokenText(paymentToken);
    let refusal: Refusal | undefined;
    for (const recipient of recipients) {
      try {
        const payment = refused(() => openWalletBToken(text, recipient, trust, nowMs));
        refuseOtherMerchants(payment, recipient.recipientId, merchant.login);
        return walletBCard(payment, order, merchant);
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        refusal = error;
      }
    }
    throw refusal ?? new Refusal('WALLET_KEY_MISMATCH');
  }

  /** A wallet C JWE, decrypted with the merchant's RSA keys (the one its `kid` names first). */
  async openC(merchantId: string, paymentToken: string, nowMs: number): Promise<OpenedWallet> {
    const keys = await this.keyring.walletCKeys(merchantId);
    if (keys.length === 0) throw new Refusal('WALLET_KEY_MISMATCH');
    return walletCCard(
      refused(() => openWalletCToken(paymentToken, keys, nowMs)),
      merchantId,
    );
  }

  /** Wallet C's paymentDirect.do: the credential's plaintext the merchant decrypted (JSON or Base64). */
  readDecryptedC(merchantId: string, paymentToken: string, nowMs: number): OpenedWallet {
    return walletCCard(
      refused(() => readWalletCPayload(decryptedData(paymentToken), nowMs)),
      merchantId,
    );
  }

  /**
   * paymentDirect.do: the payment data the merchant decrypted itself (its JSON, or Base64 of it).
   * It names no transaction, so the payment it describes is what may be paid only once: its id is
   * a digest of the fields read from it (canonical: the same data re-encoded, re-spaced or with its
   * members reordered is the same payment). The cryptogram is the issuer's one-time value, so two
   * real payments never share it.
   */
  readDecryptedA(paymentToken: string, nowMs: number): OpenedWallet {
    const payment = refused(() => readWalletAPayload(decryptedData(paymentToken), '', nowMs));
    return walletACard(payment, decryptedPaymentId(payment));
  }
}

function decryptedPaymentId(payment: WalletAPayment): string {
  return digestOf([
    payment.applicationPrimaryAccountNumber.reveal(),
    payment.applicationExpirationDate,
    payment.currencyCode,
    payment.transactionAmount,
    payment.deviceManufacturerIdentifier,
    payment.paymentData.onlinePaymentCryptogram.reveal(),
    payment.eci ?? null,
  ]);
}

/**
 * Wallet B's token as its JSON text. Client libraries of this API family send it Base64-encoded,
 * as the family's own documentation describes it; a JSON token starts with `{`, anything else must
 * be Base64 of that JSON.
 */
function walletBTokenText(paymentToken: string): string {
  if (paymentToken.trimStart().startsWith('{')) return paymentToken;
  const encoded = paymentToken.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(encoded)) throw new Refusal('WALLET_TOKEN_MALFORMED');
  const text = Buffer.from(encoded, 'base64').toString('utf8');
  if (!text.trimStart().startsWith('{')) throw new Refusal('WALLET_TOKEN_MALFORMED');
  return text;
}

/**
 * Whose token it is. A `gateway:` recipient id is shared by every merchant of the gateway, so its
 * tokens must name their merchant in `gatewayMerchantId` (the merchant's login, which the shop's
 * page passes to the wallet); a token naming another merchant is not this one's, whichever key
 * opened it.
 */
function refuseOtherMerchants(payment: WalletBPayment, recipientId: string, login: string): void {
  const named = payment.gatewayMerchantId;
  if (named === undefined ? recipientId.startsWith('gateway:') : named !== login)
    throw new Refusal('WALLET_KEY_MISMATCH');
}
