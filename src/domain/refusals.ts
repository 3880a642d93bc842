import type { MessageKey } from '../i18n/messages-en.js';

/**
 * The one catalogue of refusals: each has the spec's `errorCode`, the HTTP status of the spec's
 * Errors table and a message key. Codes follow the real gateway (gateway-facts §3): 1 duplicate
 * order number, 3 unknown currency, 4 missing parameter, 5 wrong value or access, 6 unknown order,
 * 7 system error. docs/errors.md lists every entry; a test keeps the two in step.
 */
export const REFUSALS = {
  ORDER_NUMBER_DUPLICATE: { errorCode: '1', httpStatus: 200, message: 'order.numberDuplicate' },
  ORDER_REFERENCE_MISSING: { errorCode: '1', httpStatus: 200, message: 'order.referenceMissing' },
  CURRENCY_UNKNOWN: { errorCode: '3', httpStatus: 200, message: 'currency.unknown' },
  PARAM_MISSING: { errorCode: '4', httpStatus: 200, message: 'param.missing' },
  URL_INVALID: { errorCode: '4', httpStatus: 200, message: 'param.urlInvalid' },
  PARAM_INVALID: { errorCode: '5', httpStatus: 200, message: 'param.invalid' },
  /** A stored-credential payment without the customer (gateway-facts §3: "[clientId] is empty"). */
  PARAM_EMPTY: { errorCode: '5', httpStatus: 200, message: 'param.empty' },
  PARAM_CONFLICT: { errorCode: '5', httpStatus: 200, message: 'param.conflict' },
  CART_POSITION_DUPLICATE: { errorCode: '5', httpStatus: 200, message: 'cart.positionDuplicate' },
  CART_ITEM_AMOUNT_MISMATCH: { errorCode: '5', httpStatus: 200, message: 'cart.itemAmountMismatch' },
  MCC_NOT_ALLOWED: { errorCode: '5', httpStatus: 200, message: 'mcc.notAllowed' },
  PERMISSION_REQUIRED: { errorCode: '5', httpStatus: 200, message: 'permission.required' },
  ON_BEHALF_DENIED: { errorCode: '5', httpStatus: 200, message: 'merchant.onBehalfDenied' },
  AUTH_REQUIRED: { errorCode: '5', httpStatus: 200, message: 'auth.required' },
  AUTH_AMBIGUOUS: { errorCode: '5', httpStatus: 200, message: 'auth.ambiguous' },
  AUTH_DENIED: { errorCode: '5', httpStatus: 200, message: 'auth.denied' },
  AUTH_THROTTLED: { errorCode: '5', httpStatus: 200, message: 'auth.throttled' },
  SIGNATURE_REQUIRED: { errorCode: '5', httpStatus: 200, message: 'signature.required' },
  SIGNATURE_HASH_MISMATCH: { errorCode: '5', httpStatus: 200, message: 'signature.hashMismatch' },
  SIGNATURE_INVALID: { errorCode: '5', httpStatus: 200, message: 'signature.invalid' },
  ORDER_NOT_FOUND: { errorCode: '6', httpStatus: 200, message: 'order.notFound' },
  BINDING_NOT_FOUND: { errorCode: '2', httpStatus: 200, message: 'binding.notFound' },
  BINDING_NOT_ACTIVE: { errorCode: '2', httpStatus: 200, message: 'binding.notActive' },
  BINDING_ACTIVE: { errorCode: '2', httpStatus: 200, message: 'binding.active' },
  BINDING_EXPIRED: { errorCode: '2', httpStatus: 200, message: 'binding.expired' },
  ORDER_NOT_PAYABLE: { errorCode: '7', httpStatus: 200, message: 'order.notPayable' },
  // Each movement names what cannot be done (gateway-facts §3: 7 is "not in the right state").
  ORDER_NOT_CAPTURABLE: { errorCode: '7', httpStatus: 200, message: 'order.notCapturable' },
  ORDER_NOT_REVERSIBLE: { errorCode: '7', httpStatus: 200, message: 'order.notReversible' },
  ORDER_NOT_REFUNDABLE: { errorCode: '7', httpStatus: 200, message: 'order.notRefundable' },
  ORDER_NOT_CANCELLABLE: { errorCode: '7', httpStatus: 200, message: 'order.notCancellable' },
  /** The acquirer's answer did not come in time: the operation stays pending for the recovery job. */
  OPERATION_PENDING: { errorCode: '7', httpStatus: 200, message: 'operation.pending' },
  /** finish3dsVer2Payment.do before the ACS has the cardholder's result. */
  AUTHENTICATION_IN_PROGRESS: { errorCode: '7', httpStatus: 200, message: 'threeDs.inProgress' },
  /** The acquirer refused a capture, reversal or refund; the order is as it was before. */
  OPERATION_DECLINED: { errorCode: '7', httpStatus: 200, message: 'operation.declined' },
  // Wallet tokens (issue 10): each failure its own code, in a range of its own
  // (docs/decisions/0077-wallet-token-error-codes-21-to-27.md).
  WALLET_TOKEN_MALFORMED: { errorCode: '21', httpStatus: 200, message: 'wallet.tokenMalformed' },
  WALLET_SIGNATURE_INVALID: { errorCode: '22', httpStatus: 200, message: 'wallet.signatureInvalid' },
  WALLET_CHAIN_UNTRUSTED: { errorCode: '23', httpStatus: 200, message: 'wallet.chainUntrusted' },
  WALLET_TOKEN_EXPIRED: { errorCode: '24', httpStatus: 200, message: 'wallet.tokenExpired' },
  WALLET_KEY_MISMATCH: { errorCode: '25', httpStatus: 200, message: 'wallet.keyMismatch' },
  WALLET_VERSION_UNSUPPORTED: { errorCode: '26', httpStatus: 200, message: 'wallet.versionUnsupported' },
  WALLET_TOKEN_REPLAYED: { errorCode: '27', httpStatus: 200, message: 'wallet.tokenReplayed' },
  // Dynamic currency conversion (merchant-api.md "DCC calculation"; codes per gateway-facts §3).
  DCC_CARD_NOT_ELIGIBLE: { errorCode: '5', httpStatus: 200, message: 'dcc.cardNotEligible' },
  DCC_RATE_UNAVAILABLE: { errorCode: '7', httpStatus: 200, message: 'dcc.rateUnavailable' },
  DCC_CALCULATION_NOT_FOUND: { errorCode: '5', httpStatus: 200, message: 'dcc.calculationNotFound' },
  DCC_CALCULATION_EXPIRED: { errorCode: '5', httpStatus: 200, message: 'dcc.calculationExpired' },
  DCC_CALCULATION_USED: { errorCode: '5', httpStatus: 200, message: 'dcc.calculationUsed' },
  DCC_CALCULATION_MISMATCH: { errorCode: '5', httpStatus: 200, message: 'dcc.calculationMismatch' },
  FEATURE_NOT_ENABLED: { errorCode: '5', httpStatus: 200, message: 'feature.notEnabled' },
  PARAMS_IN_URL: { errorCode: '5', httpStatus: 400, message: 'request.paramsInUrl' },
  METHOD_NOT_ALLOWED: { errorCode: '5', httpStatus: 400, message: 'request.methodNotAllowed' },
  BODY_TOO_LARGE: { errorCode: '5', httpStatus: 400, message: 'request.bodyTooLarge' },
  BODY_MALFORMED: { errorCode: '5', httpStatus: 400, message: 'request.bodyMalformed' },
  CONTENT_TYPE_UNSUPPORTED: { errorCode: '5', httpStatus: 400, message: 'request.contentTypeUnsupported' },
  UNKNOWN_ADDRESS: { errorCode: '5', httpStatus: 404, message: 'request.unknownAddress' },
  RATE_LIMITED: { errorCode: '7', httpStatus: 429, message: 'request.tooManyRequests' },
  CONCURRENCY_LIMITED: { errorCode: '7', httpStatus: 429, message: 'request.tooManySimultaneous' },
  // Idempotency-Key (beyond the spec,
  // docs/decisions/0049-idempotency-key-on-mutating-operations.md): a malformed header is refused
  // like the other unreadable parts of a request (400); a key reused for another request is a wrong
  // value of an identifier the client chose, like a duplicate order number (200, code 5); a key
  // whose first request is still running is "try again shortly", like the simultaneous-request
  // limit (429, code 7).
  IDEMPOTENCY_KEY_INVALID: { errorCode: '5', httpStatus: 400, message: 'idempotency.keyInvalid' },
  IDEMPOTENCY_KEY_REUSED: { errorCode: '5', httpStatus: 200, message: 'idempotency.keyReused' },
  IDEMPOTENCY_KEY_IN_PROGRESS: { errorCode: '7', httpStatus: 429, message: 'idempotency.inProgress' },
  SYSTEM_ERROR: { errorCode: '7', httpStatus: 500, message: 'system.error' },
} as const satisfies Record<string, { errorCode: string; httpStatus: number; message: MessageKey }>;

export type RefusalKey = keyof typeof REFUSALS;

export type RefusalVars = Readonly<Record<string, string | number>>;

/** A refusal of a request: thrown anywhere below the HTTP layer, rendered there as the spec's envelope. */
export class Refusal extends Error {
  readonly key: RefusalKey;
  readonly vars: RefusalVars;

  constructor(key: RefusalKey, vars: RefusalVars = {}) {
    super(key);
    this.name = 'Refusal';
    this.key = key;
    this.vars = vars;
  }

  get errorCode(): string {
    return REFUSALS[this.key].errorCode;
  }

  get httpStatus(): number {
    return REFUSALS[this.key].httpStatus;
  }
}

export function invalidParam(param: string, reason: MessageKey, vars: RefusalVars = {}): Refusal {
  return new Refusal('PARAM_INVALID', { ...vars, param, reason });
}
