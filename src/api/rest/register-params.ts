import { LANGUAGES } from '../../i18n/languages.js';
import { param, repeatedParam } from '../params/param-table.js';
import { absoluteUrl, dateTime, digitCode, digits, oneOf, text } from '../params/scalar-types.js';
import { BLOCKS } from '../params/shared-blocks.js';
import { jsonEncoded, stringMap } from '../params/structured-types.js';
import { LATIN_NAME_RULE } from '../params/card-rules.js';

/** The only `features` values the spec names (merchant-api.md, Values left open). */
export const FEATURES = ['FORCE_SSL', 'VERIFY'] as const;

/**
 * register.do, row by row as merchant-api.md lists it (AUTH is handled before the table).
 * `merchantLogin` selects the merchant the order belongs to.
 */
export const REGISTER_PARAMS = [
  param('orderNumber', 'mandatory', text(1, 36)),
  param('amount', 'mandatory', digits(0, 12)),
  param('currency', 'optional', digitCode(3)),
  param('returnUrl', 'mandatory', absoluteUrl(512)),
  param('failUrl', 'optional', absoluteUrl(512)),
  param('dynamicCallbackUrl', 'optional', absoluteUrl(512)),
  param('description', 'optional', text(1, 598)),
  param('language', 'optional', oneOf(LANGUAGES)),
  param('ip', 'optional', text(1, 39)),
  param('clientId', 'optional', text(0, 255)),
  param('merchantLogin', 'optional', text(1, 255)),
  param('cardholderName', 'optional', text(1, 150, LATIN_NAME_RULE)),
  param('jsonParams', 'optional', jsonEncoded(stringMap(255, 1024))),
  param('sessionTimeoutSecs', 'optional', digits(1, 9)),
  param('expirationDate', 'optional', dateTime()),
  param('bindingId', 'optional', text(1, 255)),
  repeatedParam('features', 'optional', oneOf(FEATURES)),
  param('postAddress', 'optional', text(1, 255)),
  param('marketplace', 'optional', BLOCKS.marketplace, { permission: 'marketplace' }),
  param('orderBundle', 'optional', BLOCKS.orderBundle),
  param('feeInput', 'optional', digits(0, 8), { permission: 'feeInput' }),
  param('email', 'conditional', text(1, 40), { note: 'not validated at registration, validated at payment' }),
  param('mcc', 'optional', digits(4, 4), { permission: 'mcc' }),
  param('mvv', 'optional', text(1, 10), { permission: 'mvv' }),
  param('paymentFacilitator', 'optional', BLOCKS.paymentFacilitator, { permission: 'paymentFacilitator' }),
  param('billingPayerData', 'optional', BLOCKS.billingPayerData),
  param('shippingPayerData', 'optional', BLOCKS.shippingPayerData),
  param('preOrderPayerData', 'optional', BLOCKS.preOrderPayerData),
  param('orderPayerData', 'optional', BLOCKS.orderPayerData),
  param('billingAndShippingAddressMatchIndicator', 'optional', text(1, 1)),
] as const;
