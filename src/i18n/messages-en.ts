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
  'payment.threeDsMethod':
    'The customer must be authenticated with 3-D Secure 2: run the 3DS Method, then repeat the request with threeDSServerTransId',
  'payment.threeDsChallenge': 'The issuer asks the customer to authenticate: send the customer to the ACS',

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
  'actionCode.threeDsFailed': 'Declined: 3-D Secure authentication failed',
  'actionCode.acsNotReturned': 'Declined: the customer did not come back from 3-D Secure authentication',
  'actionCode.threeDsUnavailable': 'Declined: 3-D Secure authentication could not be performed',
  'actionCode.challengeFailed': 'Declined: the customer did not pass the 3-D Secure check',
  'actionCode.threeDsRejected': 'Declined: the issuer rejected the 3-D Secure authentication',

  // The hosted payment page (formUrl), in the order's language.
  'page.title': 'Payment',
  'page.merchant': 'Merchant',
  'page.amount': 'Amount',
  'page.order': 'Order',
  'page.description': 'Description',
  'page.timeLeft': 'Time left to pay',
  'page.cardNumber': 'Card number',
  'page.expiry': 'Expiry date (MM/YY)',
  'page.cvc': 'Security code (CVC)',
  'page.cvcHint': 'The 3 digits on the back of the card',
  'page.cardholder': 'Cardholder name',
  'page.cardholderHint': 'As printed on the card, in Latin letters',
  'page.pay': 'Pay {amount}',
  'page.processing': 'Processing your payment…',
  'page.authenticating': 'Your bank is checking the payment…',
  'page.continue': 'Continue',
  'page.noscript': 'JavaScript is off: press Continue to go on.',
  'page.secureNote':
    'Your card details are sent over an encrypted connection and are never shown to the shop.',
  'page.errorSummary': 'Please correct the fields marked below',
  'page.error.cardNumber': 'Enter a card number of 15 to 19 digits that is valid',
  'page.error.expiry': 'Enter the expiry date as MM/YY; it must not be in the past',
  'page.error.cvc': 'Enter the 3-digit security code',
  'page.error.cardholder': "Enter the name as on the card: 2 to 45 Latin letters, spaces and . - '",
  'page.declinedNow': 'The payment was declined. You can try another card.',
  'page.expired.title': 'This payment has expired',
  'page.expired.text':
    'The time for paying this order has run out. Please go back to the shop and order again.',
  'page.paid.title': 'This order is already paid',
  'page.paid.text': 'The payment for this order has been made; there is nothing more to do.',
  'page.declined.title': 'This order cannot be paid',
  'page.declined.text': 'The payment for this order was declined or cancelled. Please go back to the shop.',
  'page.unknown.title': 'Order not found',
  'page.unknown.text': 'We could not find this order. Please check the link or go back to the shop.',
  'page.inProgress.title': 'Payment in progress',
  'page.inProgress.text': 'This order is already being paid. Please wait a moment and check with the shop.',
  'page.back': 'Back to the shop',
} as const;

export type MessageKey = keyof typeof MESSAGES_EN;
export type MessageCatalogue = Readonly<Record<MessageKey, string>>;
