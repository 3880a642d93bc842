import { Refusal } from './refusals.js';

/** Transaction initiator indicators of the spec's tii table (R's meaning is not shown there). */
export const TII_VALUES = ['CI', 'F', 'U', 'R'] as const;
export type Tii = (typeof TII_VALUES)[number];

/** getBindings.do bindingType: C common, R recurrent, I installment (gateway-facts §6). */
export const BINDING_TYPES = { C: 'COMMON', R: 'RECURRENT', I: 'INSTALLMENT' } as const;
export type BindingCategory = (typeof BINDING_TYPES)[keyof typeof BINDING_TYPES];

/** Who starts the payment: the customer at a browser, or the merchant on its own (no authentication). */
export function initiatorOf(tii: Tii | undefined): 'customer' | 'merchant' {
  return tii === 'U' || tii === 'R' ? 'merchant' : 'customer';
}

export interface CredentialRequest {
  readonly tii: Tii | undefined;
  /** The payment uses a stored credential (bindingId, and no pan to override it). */
  readonly withBinding: boolean;
  readonly twoPhase: boolean;
  readonly clientId: string | undefined;
  readonly mayUseStoredCredentials: boolean;
}

/**
 * The tii table's rules, refused before anything is paid:
 * - every stored-credential use needs the merchant's permission and the customer's clientId;
 * - F, U and R pay with a stored credential, CI with card data the customer enters;
 * - U (unscheduled merchant-initiated) is one-phase only.
 */
export function checkCredentialUse(request: CredentialRequest): void {
  const { tii, withBinding } = request;
  if ((tii !== undefined || withBinding) && !request.mayUseStoredCredentials) {
    throw new Refusal('PERMISSION_REQUIRED', { feature: 'storedCredentials' });
  }
  if ((tii !== undefined || withBinding) && (request.clientId === undefined || request.clientId === '')) {
    throw new Refusal('PARAM_EMPTY', { param: 'clientId' });
  }
  if ((tii === 'F' || tii === 'U' || tii === 'R') && !withBinding) {
    throw new Refusal('PARAM_MISSING', { param: 'bindingId' });
  }
  if (tii === 'CI' && withBinding) throw new Refusal('PARAM_CONFLICT', { param: 'tii', other: 'bindingId' });
  if (tii === 'U' && request.twoPhase)
    throw new Refusal('PARAM_CONFLICT', { param: 'tii', other: 'preAuth' });
}

export interface CredentialReferences {
  readonly originalPaymentNetRefNum?: string;
  readonly originalPaymentDateMs?: number;
  readonly originalSchemeTransactionId?: string;
}

/**
 * What merchant-initiated payments (U, R) must cite of an earlier payment with the credential: its
 * paymentNetRefNum, and on network M the scheme transaction id. Whether a citation matches a real
 * payment is the vault's to check.
 */
export function checkCitationPresent(
  tii: Tii | undefined,
  paymentSystem: string,
  given: CredentialReferences,
): void {
  if (initiatorOf(tii) !== 'merchant') return;
  if (given.originalPaymentNetRefNum === undefined) {
    throw new Refusal('PARAM_MISSING', { param: 'originalPaymentNetRefNum' });
  }
  if (paymentSystem === 'MASTERCARD' && given.originalSchemeTransactionId === undefined) {
    throw new Refusal('PARAM_MISSING', { param: 'originalSchemeTransactionId' });
  }
}

/** The citation parameters of a request, as the rules read them. */
export function citationOf(params: {
  readonly originalPaymentNetRefNum?: string | undefined;
  readonly originalPaymentDate?: number | undefined;
  readonly originalSchemeTransactionId?: string | undefined;
}): CredentialReferences {
  return {
    ...(params.originalPaymentNetRefNum === undefined
      ? {}
      : { originalPaymentNetRefNum: params.originalPaymentNetRefNum }),
    ...(params.originalPaymentDate === undefined
      ? {}
      : { originalPaymentDateMs: params.originalPaymentDate }),
    ...(params.originalSchemeTransactionId === undefined
      ? {}
      : { originalSchemeTransactionId: params.originalSchemeTransactionId }),
  };
}
