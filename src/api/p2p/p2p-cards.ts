import type { SeTokenContent } from '../../domain/se-token-content.js';
import type { AuthenticationResult, CardForAuthorization, CardForCredit } from '../../domain/payment-card.js';
import type { KeyObject } from 'node:crypto';
import { expiryInPast, luhnValid, parseExpiry } from '../../domain/card-rules.js';
import { openSeTokenWith } from '../../services/se-token-opening.js';
import type { CredentialVault } from '../../services/vault/credential-vault.js';
import type { MerchantContext } from '../../services/merchant-context.js';
import type { WalletPayments } from '../../services/wallets/wallet-payments.js';
import type { OpenedWallet, WalletTokens } from '../../services/wallets/wallet-tokens.js';
import type { IntentWrite } from '../../services/money-steps/intent-writes.js';
import type { OrderRecord } from '../../domain/order-record.js';
import { Pan } from '../../domain/pan.js';
import { invalidParam, Refusal } from '../../domain/refusals.js';
import type { fromCard, toCard } from './p2p-blocks.js';

export type FromCard = ReturnType<(typeof fromCard)['parse']>;
export type ToCard = ReturnType<(typeof toCard)['parse']>;

function number(pan: string | undefined, block: string): Pan {
  if (pan === undefined) throw new Refusal('PARAM_MISSING', { param: `${block}.pan` });
  if (!/^\d{12,19}$/.test(pan) || !luhnValid(pan)) throw invalidParam(`${block}.pan`, 'reason.cardNumber');
  return new Pan(pan);
}

function expiryOf(
  card: { readonly expirationYear?: number | undefined; readonly expirationMonth?: number | undefined },
  block: string,
  nowMs: number,
): { year: number; month: number } | undefined {
  if (card.expirationYear === undefined && card.expirationMonth === undefined) return undefined;
  if (card.expirationYear === undefined)
    throw new Refusal('PARAM_MISSING', { param: `${block}.expirationYear` });
  if (card.expirationMonth === undefined)
    throw new Refusal('PARAM_MISSING', { param: `${block}.expirationMonth` });
  const expiry = { year: card.expirationYear, month: card.expirationMonth };
  if (expiryInPast(expiry, nowMs)) throw invalidParam(`${block}.expirationYear`, 'reason.cardExpiry');
  return expiry;
}

/** The debited card from card data: number, expiry and CVC are all needed to take money from it. */
export function debitedCard(card: FromCard | undefined, nowMs: number): CardForAuthorization {
  if (card === undefined) throw new Refusal('PARAM_MISSING', { param: 'fromCard' });
  const pan = number(card.pan, 'fromCard');
  const expiry = expiryOf(card, 'fromCard', nowMs);
  if (expiry === undefined) throw new Refusal('PARAM_MISSING', { param: 'fromCard.expirationYear' });
  if (card.cvc === undefined) throw new Refusal('PARAM_MISSING', { param: 'fromCard.cvc' });
  return {
    pan,
    expiry,
    cvc: card.cvc,
    ...(card.cardholderName === undefined ? {} : { cardholderName: card.cardholderName }),
  };
}

/** The credited card: its number (the expiry only when given: a credit needs none). */
export function creditedCard(card: ToCard | undefined, nowMs: number): CardForCredit {
  if (card === undefined) throw new Refusal('PARAM_MISSING', { param: 'toCard' });
  if (card.replacementData !== undefined) {
    throw new Refusal('FEATURE_NOT_ENABLED', {
      param: 'toCard.replacementData',
      feature: 'account funding (AFT)',
    });
  }
  const expiry = expiryOf(card, 'toCard', nowMs);
  return {
    pan: number(card.pan, 'toCard'),
    ...(expiry === undefined ? {} : { expiry }),
    ...(card.cardholderName === undefined ? {} : { cardholderName: card.cardholderName }),
  };
}

/** Where the cards of a transfer may come from besides card data: the vault and seTokens. */
export interface TransferCardSources {
  readonly vault: CredentialVault;
  readonly seTokenKey: () => Promise<KeyObject>;
  readonly walletTokens: WalletTokens;
  readonly walletPayments: WalletPayments;
}

export interface ResolvedDebit {
  readonly card: CardForAuthorization;
  /** The stored credential debited, when fromCard named one (directly or in its seToken). */
  readonly bindingId?: string;
  /** A wallet token's cryptogram, told to the issuer as a 3-D Secure result would be. */
  readonly authentication?: AuthenticationResult;
  readonly secureAuth?: string;
  /** The write that spends a wallet token, in the unit that starts the transfer. */
  readonly spends?: readonly IntentWrite[];
  /** A wallet token the wallet authenticated: no 3-D Secure runs on it. */
  readonly authenticated?: boolean;
}

/** `vendor` of a wallet token in fromCard: the wallet it names (neutral labels and vendor names). */
const VENDORS: Readonly<Record<string, 'a' | 'b' | 'c'>> = {
  WALLET_A: 'a',
  APPLE_PAY: 'a',
  WALLET_B: 'b',
  GOOGLE_PAY: 'b',
  WALLET_C: 'c',
  SAMSUNG_PAY: 'c',
};

/** The token of `wallet` opened as the transfer takes it (decryptedToken: the merchant decrypted it). */
function openedToken(
  wallet: 'a' | 'b' | 'c',
  card: FromCard,
  token: string,
  order: OrderRecord,
  merchant: MerchantContext,
  debitMinor: number,
  sources: TransferCardSources,
  nowMs: number,
): Promise<OpenedWallet> | OpenedWallet {
  const decrypted = card.decryptedToken === true;
  switch (wallet) {
    case 'a':
      return decrypted
        ? sources.walletTokens.readDecryptedA(token, nowMs)
        : sources.walletTokens.openA(merchant.id, token, nowMs);
    case 'b':
      return sources.walletTokens.openB(
        merchant,
        token,
        { amountMinor: debitMinor, currency: order.currency },
        nowMs,
      );
    case 'c':
      return decrypted
        ? sources.walletTokens.readDecryptedC(merchant.id, token, nowMs)
        : sources.walletTokens.openC(merchant.id, token, nowMs);
  }
}

/**
 * A wallet token in fromCard, verified and decrypted by the wallet code (or, for wallet A with
 * decryptedToken, read as the merchant decrypted it). Its amount, when it carries one, must be
 * what is debited; the token is spent in the unit that starts the transfer.
 */
async function fromWallet(
  card: FromCard,
  order: OrderRecord,
  merchant: MerchantContext,
  debitMinor: number,
  sources: TransferCardSources,
  nowMs: number,
): Promise<ResolvedDebit> {
  if (card.vendor === undefined) throw new Refusal('PARAM_MISSING', { param: 'fromCard.vendor' });
  const wallet = VENDORS[card.vendor];
  if (wallet === undefined) {
    throw new Refusal('FEATURE_NOT_ENABLED', { param: 'fromCard.vendor', feature: `wallet ${card.vendor}` });
  }
  const token = card.paymentToken ?? '';
  if (card.decryptedToken === true && wallet === 'b') {
    throw new Refusal('PARAM_CONFLICT', { param: 'fromCard.decryptedToken', other: 'fromCard.vendor' });
  }
  const opened = await openedToken(wallet, card, token, order, merchant, debitMinor, sources, nowMs);
  // Wallets A and C carry the amount the customer agreed to: it must be what is debited.
  if (wallet !== 'b' && (opened.amountMinor !== debitMinor || opened.currency !== order.currency)) {
    throw new Refusal('PARAM_CONFLICT', { param: 'fromCard.paymentToken', other: 'amount' });
  }
  const cryptogram = opened.wallet.cryptogram;
  return {
    card: opened.wallet.card,
    ...(cryptogram === undefined
      ? {}
      : {
          authentication: { eci: cryptogram.eci, authenticationValue: cryptogram.value },
          secureAuth: JSON.stringify({ eci: cryptogram.eci, threeDsType: 'WALLET_CRYPTOGRAM' }),
        }),
    spends: [sources.walletPayments.spendOf(opened.wallet)],
    authenticated: opened.authenticate !== true,
  };
}

/**
 * The debited card of a transfer order: card data, a binding of the order's client (with its CVC
 * when given), or an seToken whose MDORDER, when it names one, must be this order.
 */
export async function resolveDebitedCard(
  card: FromCard | undefined,
  order: OrderRecord,
  sources: TransferCardSources,
  nowMs: number,
  wallet?: { readonly merchant: MerchantContext; readonly debitMinor: number },
): Promise<ResolvedDebit> {
  if (card?.paymentToken !== undefined) {
    if (wallet === undefined)
      throw new Refusal('PARAM_CONFLICT', { param: 'fromCard.paymentToken', other: 'orderId' });
    return fromWallet(card, order, wallet.merchant, wallet.debitMinor, sources, nowMs);
  }
  if (card?.seToken !== undefined) {
    for (const name of ['pan', 'cvc', 'expirationYear', 'expirationMonth', 'bindingId'] as const) {
      if (card[name] !== undefined)
        throw new Refusal('PARAM_CONFLICT', { param: `fromCard.${name}`, other: 'fromCard.seToken' });
    }
    const content = await openedFor(card.seToken, order, sources, nowMs, 'fromCard.seToken');
    if (content.bindingId !== undefined)
      return fromBinding(content.bindingId, content.cvc, order, sources, card.cardholderName);
    const expiry = parseExpiry(content.expiry);
    if (content.pan === undefined || expiry === undefined || expiryInPast(expiry, nowMs)) {
      throw invalidParam('fromCard.seToken', 'reason.seToken');
    }
    return {
      card: {
        pan: number(content.pan, 'fromCard.seToken'),
        expiry,
        ...(content.cvc === undefined ? {} : { cvc: content.cvc }),
        ...(card.cardholderName === undefined ? {} : { cardholderName: card.cardholderName }),
      },
    };
  }
  const resolved =
    card?.bindingId !== undefined && card.pan === undefined
      ? await fromBinding(card.bindingId, card.cvc, order, sources, card.cardholderName)
      : { card: debitedCard(card, nowMs) };
  return card?.threeDsAuthResult === undefined
    ? resolved
    : { ...resolved, ...ownAuthentication(card.threeDsAuthResult) };
}

/**
 * threeDsAuthResult: the merchant authenticated the card with its own 3-D Secure server; the
 * result goes to the issuer as ours would, and no 3-D Secure runs here. threeDsType, when absent,
 * follows from the ECI (05/02 authenticated, 06/01 attempted).
 */
function ownAuthentication(result: NonNullable<FromCard['threeDsAuthResult']>): Partial<ResolvedDebit> {
  const eci = result.eci === undefined ? undefined : String(result.eci).padStart(2, '0');
  if (eci === undefined && result.cavv === undefined) {
    throw new Refusal('PARAM_MISSING', { param: 'fromCard.threeDsAuthResult.eci' });
  }
  const threeDsType =
    result.threeDsType ??
    (eci === '06' || eci === '01' ? 'ATTEMPT' : eci === '05' || eci === '02' ? 'FULL' : 'NONE');
  return {
    authentication: {
      eci: eci ?? '07',
      ...(result.cavv === undefined || result.cavv === '' ? {} : { authenticationValue: result.cavv }),
    },
    secureAuth: JSON.stringify({
      ...(eci === undefined ? {} : { eci }),
      ...(result.cavv === undefined ? {} : { cavv: result.cavv }),
      ...(result.xid === undefined ? {} : { xid: result.xid }),
      threeDsType,
      threeDSProtocolVersion: result.threeDSProtocolVersion ?? '2.1.0',
      source: 'MERCHANT_3DS_SERVER',
    }),
    authenticated: true,
  };
}

async function fromBinding(
  bindingId: string,
  cvc: string | undefined,
  order: Pick<OrderRecord, 'merchant_id' | 'client_id'>,
  sources: TransferCardSources,
  cardholderName: string | undefined,
): Promise<ResolvedDebit> {
  const binding = await sources.vault.usable(order.merchant_id, bindingId, order.client_id ?? undefined);
  const opened = sources.vault.openCard(binding);
  return {
    card: {
      pan: opened.pan,
      expiry: opened.expiry,
      ...(cvc === undefined ? {} : { cvc }),
      ...(cardholderName === undefined ? {} : { cardholderName }),
    },
    bindingId: binding.id,
  };
}

/**
 * The credited card: card data, any stored credential of this merchant (the recipient's,
 * creditBindingId at registration), or an seToken naming either.
 */
export async function resolveCreditedCard(
  card: ToCard | undefined,
  order: Pick<OrderRecord, 'id' | 'merchant_id' | 'p2p_details'>,
  sources: TransferCardSources,
  nowMs: number,
): Promise<CardForCredit> {
  const registered = (JSON.parse(order.p2p_details ?? '{}') as { creditBindingId?: string }).creditBindingId;
  let bindingId = card?.bindingId;
  if (card?.seToken !== undefined) {
    for (const name of ['pan', 'expirationYear', 'expirationMonth', 'bindingId'] as const) {
      if (card[name] !== undefined)
        throw new Refusal('PARAM_CONFLICT', { param: `toCard.${name}`, other: 'toCard.seToken' });
    }
    const content = await openedFor(card.seToken, order, sources, nowMs, 'toCard.seToken');
    if (content.bindingId === undefined) {
      if (content.pan === undefined) throw invalidParam('toCard.seToken', 'reason.seToken');
      const expiry = parseExpiry(content.expiry);
      return {
        pan: number(content.pan, 'toCard.seToken'),
        ...(expiry === undefined ? {} : { expiry }),
        ...(card.cardholderName === undefined ? {} : { cardholderName: card.cardholderName }),
      };
    }
    bindingId = content.bindingId;
  }
  if (registered !== undefined && registered !== '' && bindingId !== undefined && bindingId !== registered) {
    throw new Refusal('PARAM_CONFLICT', { param: 'toCard.bindingId', other: 'creditBindingId' });
  }
  if (card === undefined && registered !== undefined && registered !== '') bindingId = registered;
  if (bindingId !== undefined && card?.pan === undefined) {
    const binding = await sources.vault.creditable(order.merchant_id, bindingId, undefined);
    const opened = sources.vault.openCard(binding);
    return {
      pan: opened.pan,
      expiry: opened.expiry,
      ...(card?.cardholderName === undefined ? {} : { cardholderName: card.cardholderName }),
    };
  }
  return creditedCard(card, nowMs);
}

/** An seToken opened for this order: well formed, fresh, and (when it names one) for this order. */
async function openedFor(
  token: string,
  order: Pick<OrderRecord, 'id'>,
  sources: TransferCardSources,
  nowMs: number,
  param: string,
): Promise<SeTokenContent> {
  const content = await openSeTokenWith(sources.seTokenKey, token, nowMs);
  if (content === undefined || (content.mdOrder !== undefined && content.mdOrder !== order.id)) {
    throw invalidParam(param, 'reason.seToken');
  }
  return content;
}
