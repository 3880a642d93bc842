/**
 * The English message catalogue: the source of every `errorMessage`, reason and action-code text.
 * Every locale in ./locales must carry the same keys with the same {placeholders}; a test checks it.
 * Placeholder values (parameter names, limits) are never translated.
 */
export const MESSAGES_EN = {
  success: 'Success',
  'system.error': 'System error',

  'request.unknownAddress': 'The address {path} does not exist',
  'request.methodNotAllowed': 'Use POST with the parameters in the request body',
  'request.paramsInUrl': 'Parameters must be sent in the request body, not in the address',
  'request.bodyTooLarge': 'The request is larger than {limit} bytes',
  'request.bodyMalformed': 'The request body could not be read as {encoding}',
  'request.contentTypeUnsupported': 'Content type {type} is not accepted here; use {expected}',
  'request.tooManyRequests': 'Too many requests: the request-rate limit was reached, try again later',
  'request.tooManySimultaneous': 'Too many simultaneous requests: at most {limit} at a time',

  'idempotency.keyInvalid':
    'The Idempotency-Key header must be sent once, with 1 to {max} printable ASCII characters',
  'idempotency.keyReused': 'This Idempotency-Key was already used for a different request',
  'idempotency.inProgress': 'A request with this Idempotency-Key is still being processed; try again later',

  'auth.required': 'Authentication is required: send userName and password, or token',
  'auth.ambiguous': 'Send either userName and password, or token, not both',
  'auth.denied': 'Access denied',
  'auth.throttled': 'Access denied: too many failed attempts, try again in {seconds} seconds',

  'signature.required': 'This merchant must sign requests with the X-Hash and X-Signature headers',
  'signature.hashMismatch': 'X-Hash does not match the request body',
  'signature.invalid': "X-Signature does not verify with the merchant's certificates",

  'merchant.onBehalfDenied': 'Access denied to merchant {merchant}',
  'permission.required': 'The merchant is not permitted to use {feature}',
  'mcc.notAllowed': "MCC {mcc} is not in the merchant's list of allowed codes",

  'param.missing': 'Mandatory parameter [{param}] is missing',
  'param.invalid': 'Invalid value of parameter [{param}]: expected {reason}',
  'param.urlInvalid':
    'Parameter [{param}] must be a full address including the protocol (http:// or https://)',
  'param.conflict': 'Parameters [{param}] and [{other}] cannot be used together',
  'currency.unknown': 'Unknown currency [{currency}]',

  'order.numberDuplicate': 'Order with given order number is processed already',
  'order.notFound': 'Order not found',
  'order.referenceMissing': 'Expected [orderId] or [orderNumber]',
  'order.notPayable': 'The order cannot be paid in its current state',
  'feature.notEnabled': 'Parameter [{param}] is not available yet: {feature} is not enabled on this gateway',
  'payment.approved': 'Your order is proceeded, redirecting...',
  'payment.declined': 'Payment declined',

  'cart.positionDuplicate': 'positionId {position} occurs more than once in the cart',
  'cart.itemAmountMismatch': 'itemAmount of position {position} must equal itemPrice × quantity ({expected})',

  'reason.tooShort': 'at least {min} characters',
  'reason.tooLong': 'at most {max} characters',
  'reason.exactLength': 'exactly {length} characters',
  'reason.digits': 'digits only, {min} to {max} of them',
  'reason.boolean': 'true or false',
  'reason.oneOf': 'one of {values}',
  'reason.dateTime': 'a date and time in the format yyyy-MM-ddTHH:mm:ss',
  'reason.future': 'a moment in the future',
  'reason.json': 'valid JSON',
  'reason.object': 'a JSON object',
  'reason.array': 'a JSON array',
  'reason.text': 'a text value',
  'reason.number': 'a number',
  'reason.decimals': 'a number with at most {decimals} decimal places',
  'reason.exactlyOne': 'exactly one element',
  'reason.itemsMax': 'at most {max} elements',
  'reason.latin': 'Latin letters, spaces and the characters {allowed}',
  'reason.phone': '7 to 15 digits including the country code, optionally after + or 00',
  'reason.single': 'a single value, not a repeated parameter',
  'reason.integerRange': 'a whole number from {min} to {max}',
  'reason.cardNumber': 'a card number of 15 to 19 digits that passes the Luhn check',
  'reason.cardExpiry': 'a card expiry as YYYYMM that is not in the past',
  'reason.seToken': 'card data encrypted with the gateway key (RSA-OAEP) no older than one hour',

  'actionCode.awaitingPayment': 'No payment attempt has been made yet',
  'actionCode.paymentExpired': 'The payment has expired: the time for entering card data ran out',
  'actionCode.doNotHonour': 'Declined by the issuer: do not honour',
  'actionCode.expiredCard': 'Declined: the card has expired',
  'actionCode.insufficientFunds': 'Declined: insufficient funds',
  'actionCode.limitExceeded': 'Declined: the amount exceeds the card limit',
  'actionCode.lostCard': 'Declined: the card is reported lost',
  'actionCode.incorrectCvc': 'Declined: the card security code (CVC) is incorrect',
  'actionCode.invalidExpiry': 'Declined: the card expiry date is invalid',
  'actionCode.issuerTimeout': 'Declined: the issuer did not answer in time',
} as const;

export type MessageKey = keyof typeof MESSAGES_EN;
export type MessageCatalogue = Readonly<Record<MessageKey, string>>;
