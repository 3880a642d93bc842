import { THREE_DS_SDK_VALUES } from '../params/three-ds-sdk.js';
import { LANGUAGES } from '../../i18n/languages.js';
import { param } from '../params/param-table.js';
import { absoluteUrl, bool, dateTime, digitCode, digits, oneOf, text } from '../params/scalar-types.js';
import { orderPayerData, preOrderPayerData, shippingPayerData } from '../params/shared-blocks.js';
import {
  billingRecipientData,
  fromCard,
  p2pBillingPayerData,
  p2pFeatures,
  registerParams,
  toCard,
} from './p2p-blocks.js';

/** gateway-facts §8: the transaction type indicators of one-direction transfers. */
const TRANSACTION_TYPE_INDICATORS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'L', 'O', 'P', 'W'] as const;

/** The login of every P2P call (p2p-api.md Endpoints: spelled `username`), with its language. */
export const P2P_LOGIN = [
  param('username', 'mandatory', text(1, 30)),
  param('password', 'mandatory', text(1, 30)),
  param('language', 'optional', oneOf(LANGUAGES)),
] as const;

/** What registering a transfer takes besides the login and the order number. */
export const P2P_REGISTRATION = [
  param('amount', 'mandatory', digits(0, 12)),
  param('currency', 'mandatory', digitCode(3)),
  param('returnUrl', 'mandatory', absoluteUrl(512)),
  param('failUrl', 'optional', absoluteUrl(512)),
  param('orderDescription', 'optional', text(1, 600)),
  param('clientId', 'optional', text(0, 255)),
  param('merchantLogin', 'optional', text(1, 255)),
  param('dynamicCallbackUrl', 'optional', absoluteUrl(512)),
  param('sessionTimeoutSecs', 'optional', digits(1, 9)),
  param('sessionExpiredDate', 'optional', dateTime()),
  param('mcc', 'optional', digits(4, 4), { permission: 'mcc' }),
  param('bindingId', 'optional', text(1, 255)),
  param('creditBindingId', 'optional', text(0, 255)),
  param('transactionTypeIndicator', 'conditional', oneOf(TRANSACTION_TYPE_INDICATORS)),
  param('features', 'conditional', p2pFeatures, { note: 'WITHOUT_TO_CARD (AFT), WITHOUT_FROM_CARD (OCT)' }),
  param('params', 'optional', registerParams),
  param('feeInput', 'optional', digits(0, 12), { permission: 'feeInput', note: 'the fee, in minor units' }),
  param('shippingPayerData', 'optional', shippingPayerData),
  param('preOrderPayerData', 'optional', preOrderPayerData),
  param('orderPayerData', 'optional', orderPayerData),
  param('billingAndShippingAddressMatchIndicator', 'optional', text(1, 1)),
  param('billingPayerData', 'conditional', p2pBillingPayerData),
  param('billingRecipientData', 'conditional', billingRecipientData),
  param('debitMdOrder', 'optional', text(1, 36)),
  param('debitTransactionReference', 'conditional', text(1, 19)),
  param('transactionPurpose', 'optional', text(1, 50)),
  param('serviceProcessingType', 'optional', text(1, 50)),
] as const;

/** What performing a transfer takes besides the login and the order. */
export const P2P_PERFORMING = [
  param('amountInput', 'optional', digits(0, 12), { note: 'the transfer uses this amount instead' }),
  param('type', 'optional', oneOf(['STANDARD', 'WITHOUT_TO_CARD', 'WITHOUT_FROM_CARD'] as const)),
  param('ip', 'optional', text(1, 39)),
  param('email', 'optional', text(1, 40)),
  param('externalScaExemptionIndicator', 'optional', oneOf(['LVP', 'TRA'] as const), {
    permission: 'scaExemption',
  }),
  param('threeDSServerTransId', 'optional', text(1, 36)),
  param('threeDSVer2FinishUrl', 'optional', absoluteUrl(512)),
  param('threeDSMethodNotificationUrl', 'optional', absoluteUrl(512)),
  param('threeDSSDK', 'optional', bool(), {
    note: 'the payer is in an app: 3-D Secure 2 through its 3DS SDK',
  }),
  ...THREE_DS_SDK_VALUES,
  param('tii', 'conditional', oneOf(['CI', 'F'] as const), {
    note: 'mandatory with a stored credential in fromCard',
  }),
  param('bindingNotNeeded', 'optional', bool(), { note: 'do not store the debited card for clientId' }),
  param('fromCard', 'conditional', fromCard, { note: 'absent for an OCT' }),
  param('toCard', 'conditional', toCard, { note: 'absent for an AFT (replacementData aside)' }),
] as const;
