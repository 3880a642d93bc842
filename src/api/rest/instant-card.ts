import type { CardForAuthorization } from '../../domain/payment-card.js';
import type { SeTokenContent } from '../../domain/se-token-content.js';
import type { KeyObject } from 'node:crypto';
import { expiryInPast, luhnValid, parseExpiry } from '../../domain/card-rules.js';
import { Pan } from '../../domain/pan.js';
import { invalidParam, Refusal } from '../../domain/refusals.js';
import { checkCitationPresent, checkCredentialUse, citationOf } from '../../domain/stored-credentials.js';
import { openSeTokenWith } from '../../services/se-token-opening.js';
import type { CardPaymentInput } from '../../services/card-payment.js';
import type { CredentialVault } from '../../services/vault/credential-vault.js';
import type { OperationContext } from '../operation.js';
import type { InstantPaymentParams } from './instant-payment-params.js';

/** Where the card of a card-data payment comes from: the request, an seToken, or the vault. */
export interface CardSources {
  readonly vault: CredentialVault;
  /** The gateway's private key, which opens seTokens. */
  readonly seTokenKey: () => Promise<KeyObject>;
}

/**
 * The card to pay with and how it relates to stored credentials: a binding (when no pan or seToken
 * overrides it), or card data, stored for the client afterwards when the merchant may (tii CI, or
 * a clientId without bindingNotNeeded: the spec's "storing a common credential" flow).
 */
export async function cardAndCredential(
  params: InstantPaymentParams,
  context: OperationContext,
  services: CardSources,
  twoPhase: boolean,
): Promise<{
  card: CardForAuthorization;
  terms: Pick<CardPaymentInput, 'tii' | 'bindingId' | 'storeCredential'>;
}> {
  // A seToken carries either card data or a bindingId with its CVC.
  const token = await openedToken(params, services, context.nowMs);
  const tokenBinding =
    token?.bindingId === undefined ? undefined : { bindingId: token.bindingId, cvc: token.cvc };
  const withBinding =
    tokenBinding !== undefined ||
    (params.pan === undefined && params.seToken === undefined && params.bindingId !== undefined);
  const cvc = tokenBinding?.cvc ?? params.cvc;
  const mayUse = context.merchant.permissions.has('storedCredentials');
  checkCredentialUse({
    tii: params.tii,
    withBinding,
    twoPhase,
    clientId: params.clientId,
    mayUseStoredCredentials: mayUse,
  });
  const tii = params.tii === undefined ? {} : { tii: params.tii };
  if (withBinding) {
    const binding = await services.vault.usable(
      context.merchant.id,
      tokenBinding?.bindingId ?? params.bindingId ?? '',
      params.clientId,
    );
    const citation = citationOf(params);
    checkCitationPresent(params.tii, binding.payment_system, citation);
    await services.vault.checkCitation(binding, citation);
    const opened = services.vault.openCard(binding);
    return {
      card: {
        pan: opened.pan,
        expiry: opened.expiry,
        ...(cvc === undefined ? {} : { cvc }),
        ...(params.cardholderName === undefined ? {} : { cardholderName: params.cardholderName }),
      },
      terms: { ...tii, bindingId: binding.id },
    };
  }
  const card = cardFrom(rawCardOf(params, token), params.cardholderName, context.nowMs);
  const stores =
    mayUse && params.clientId !== undefined && params.clientId !== '' && params.bindingNotNeeded !== true;
  return {
    card,
    terms: {
      ...tii,
      ...(stores
        ? {
            storeCredential: {
              clientId: params.clientId ?? '',
              category: 'COMMON' as const,
              email: params.email ?? null,
            },
          }
        : {}),
    },
  };
}

export interface RawCard {
  readonly pan: string | undefined;
  readonly expiry: string | undefined;
  readonly cvc: string | undefined;
}

/**
 * The seToken, opened once (RSA is the dearest step of the request): it replaces pan, cvc and
 * expiry, and an instant payment registers its own order, so a token bound to an order does not fit.
 */
export async function openedToken(
  params: InstantPaymentParams,
  services: CardSources,
  nowMs: number,
): Promise<SeTokenContent | undefined> {
  if (params.seToken === undefined) return undefined;
  for (const name of ['pan', 'expiry', 'cvc'] as const) {
    if (params[name] !== undefined) throw new Refusal('PARAM_CONFLICT', { param: name, other: 'seToken' });
  }
  const content = await openSeTokenWith(services.seTokenKey, params.seToken, nowMs);
  if (content === undefined || content.mdOrder !== undefined) throw invalidParam('seToken', 'reason.seToken');
  return content;
}

/** Card data from the clear parameters, or from the seToken that replaces pan, cvc and expiry. */
export function rawCardOf(params: InstantPaymentParams, token: SeTokenContent | undefined): RawCard {
  if (token === undefined) return { pan: params.pan, expiry: params.expiry, cvc: params.cvc };
  return { pan: token.pan, expiry: token.expiry, cvc: token.cvc };
}

export function cardFrom(
  raw: RawCard,
  cardholderName: string | undefined,
  nowMs: number,
): CardForAuthorization {
  if (raw.pan === undefined) throw new Refusal('PARAM_MISSING', { param: 'pan' });
  if (!luhnValid(raw.pan)) throw invalidParam('pan', 'reason.cardNumber');
  if (raw.expiry === undefined) throw new Refusal('PARAM_MISSING', { param: 'expiry' });
  const expiry = parseExpiry(raw.expiry);
  if (expiry === undefined || expiryInPast(expiry, nowMs)) throw invalidParam('expiry', 'reason.cardExpiry');
  return { pan: new Pan(raw.pan), expiry, cvc: raw.cvc, cardholderName };
}

/**
 * features=VERIFY checks a card to store it, paying nothing: amount 0, a clientId and the
 * permission to store credentials, and card data (not a binding, which is stored already).
 */
export function checkVerification(
  params: InstantPaymentParams,
  context: OperationContext,
  credential: Pick<CardPaymentInput, 'bindingId' | 'storeCredential'>,
): void {
  if (params.amount !== 0) throw new Refusal('PARAM_CONFLICT', { param: 'amount', other: 'features=VERIFY' });
  if (!context.merchant.permissions.has('storedCredentials')) {
    throw new Refusal('PERMISSION_REQUIRED', { feature: 'storedCredentials' });
  }
  if (credential.bindingId !== undefined)
    throw new Refusal('PARAM_CONFLICT', { param: 'bindingId', other: 'features=VERIFY' });
  if (params.bindingNotNeeded === true) {
    throw new Refusal('PARAM_CONFLICT', { param: 'bindingNotNeeded', other: 'features=VERIFY' });
  }
  if (credential.storeCredential === undefined) throw new Refusal('PARAM_EMPTY', { param: 'clientId' });
}
