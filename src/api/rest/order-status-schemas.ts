import { PAYMENT_SYSTEM_BY_NETWORK } from '../../domain/card-rules.js';
import { ORDER_STATUSES, PAYMENT_STATE_BY_STATUS } from '../../domain/order-status.js';
import {
  arrayOf,
  BOOLEAN,
  described,
  enumOf,
  INTEGER,
  joined,
  mapOf,
  nullable,
  object,
  TEXT,
} from '../answers/answer-schema.js';
import { SUCCESS_CODE, SUCCESS_MESSAGE } from '../answers/success-members.js';
import { DCC_ELEMENT_SCHEMA } from '../dcc/dcc-element-schema.js';

export const ORDER_STATUS_CODE = enumOf(
  ORDER_STATUSES,
  '0 registered, 1 held (pre-authorized), 2 paid, 3 reversed, 4 refunded, 5 at the ACS, 6 declined',
);
const MINOR = described(INTEGER, 'Minor currency units');
const EPOCH_MS = described(INTEGER, 'Unix time in milliseconds');

export const PAYMENT_STATE = enumOf([...new Set(Object.values(PAYMENT_STATE_BY_STATUS))]);

/** How an order was paid (card-payment.ts PaymentWay, and P2P for transfers). */
const PAYMENT_WAYS = [
  'CARD',
  'CARD_MOTO',
  'CARD_BINDING',
  'APPLE_PAY',
  'GOOGLE_PAY_TOKENIZED',
  'GOOGLE_PAY_CARD',
  'SAMSUNG_PAY',
  'P2P',
] as const;

export const PAYMENT_SYSTEM = enumOf(Object.values(PAYMENT_SYSTEM_BY_NETWORK), 'The card network');

export const NAME_VALUE = object({ name: TEXT, value: TEXT }, { required: 'all' });

/** The 3-D Secure result kept with the order (services/secure-auth-info.ts and the flows that skip it). */
const SECURE_AUTH_INFO = object(
  {
    eci: TEXT,
    cavv: TEXT,
    xid: TEXT,
    threeDSProtocolVersion: TEXT,
    aresTransStatus: TEXT,
    rreqTransStatus: TEXT,
    paResStatus: TEXT,
    threeDsType: described(
      TEXT,
      "FRICTIONLESS, CHALLENGE, NOT_ENROLLED, EXEMPTION, WALLET_CRYPTOGRAM, or the merchant's own 3-D Secure server's type",
    ),
    exemption: described(TEXT, 'The externalScaExemptionIndicator the payment was made with'),
    source: enumOf(['MERCHANT_3DS_SERVER'], "The result came from the merchant's own 3-D Secure server"),
  },
  { required: ['threeDsType'], component: 'SecureAuthInfo', storedOrder: true },
);

/** orderStatusExtendedView's members in its order (gateway-facts §2.6 at the newest version). */
export const ORDER_STATUS_EXTENDED_SCHEMA = object(
  {
    errorCode: SUCCESS_CODE,
    errorMessage: SUCCESS_MESSAGE,
    orderNumber: described(TEXT, "The merchant's order number"),
    orderStatus: ORDER_STATUS_CODE,
    actionCode: described(INTEGER, "The processing bank's response code (0 approved, -100 no attempt yet)"),
    actionCodeDescription: described(TEXT, 'The action code in words, in the request language; empty for 0'),
    amount: MINOR,
    currency: described(TEXT, 'ISO 4217 numeric code'),
    date: described(EPOCH_MS, 'Registration time, Unix milliseconds'),
    orderDescription: described(TEXT, 'The description given at registration; empty if none'),
    ip: described(TEXT, "The buyer's IP address"),
    merchantOrderParams: arrayOf(NAME_VALUE, 'The jsonParams given at registration'),
    transactionAttributes: arrayOf(NAME_VALUE, 'Always empty here'),
    attributes: arrayOf(NAME_VALUE, 'Order attributes: mdOrder, the order id'),
    cardAuthInfo: object(
      {
        maskedPan: TEXT,
        expiration: described(nullable(TEXT), 'YYYYMM'),
        cardholderName: described(TEXT, 'Empty when the payment carried none'),
        approvalCode: TEXT,
        paymentSystem: nullable(PAYMENT_SYSTEM),
        pan: described(TEXT, 'The masked card number again, as clients of this family read it'),
        secureAuthInfo: SECURE_AUTH_INFO,
      },
      {
        description:
          'The card of the payment; empty before one (or only secureAuthInfo, declined by 3-D Secure)',
      },
    ),
    bindingInfo: object(
      { clientId: TEXT, bindingId: TEXT },
      { required: ['clientId'], description: 'Present when the order has a clientId' },
    ),
    orderBundle: mapOf(true, 'The cart as registered'),
    authDateTime: described(EPOCH_MS, 'Authorization time'),
    terminalId: TEXT,
    authRefNum: TEXT,
    paymentWay: enumOf(PAYMENT_WAYS),
    paymentNetRefNum: described(TEXT, 'Card-network reference of the payment, for follow-up transactions'),
    depositedDate: EPOCH_MS,
    reversedDate: EPOCH_MS,
    refundedDate: EPOCH_MS,
    paymentAmountInfo: object(
      {
        paymentState: PAYMENT_STATE,
        approvedAmount: MINOR,
        depositedAmount: MINOR,
        refundedAmount: MINOR,
        totalAmount: described(MINOR, 'The order amount plus the fee'),
        feeAmount: MINOR,
        dccApprovedAmount: described(MINOR, 'In the DCC currency (orders paid with DCC)'),
        dccDepositedAmount: described(MINOR, 'In the DCC currency (orders paid with DCC)'),
        dccRefundedAmount: described(MINOR, 'In the DCC currency (orders paid with DCC)'),
      },
      { required: ['paymentState', 'approvedAmount', 'depositedAmount', 'refundedAmount', 'totalAmount'] },
    ),
    dccData: joined([object({ dccUuid: TEXT }, { required: 'all' }), DCC_ELEMENT_SCHEMA], {
      description: "The accepted conversion of an order paid in the card's currency",
    }),
    bankInfo: object({ bankCountryCode: TEXT, bankCountryName: TEXT }, { required: 'all' }),
    payerData: object(
      { email: TEXT, postAddress: TEXT, phone: TEXT },
      { description: 'Present when one of its members is known' },
    ),
    refunds: arrayOf(
      object(
        {
          date: EPOCH_MS,
          actionCode: INTEGER,
          referenceNumber: described(TEXT, 'RRN; empty if none'),
          amount: MINOR,
          dccAmount: described(MINOR, 'In the DCC currency (orders paid with DCC)'),
          externalRefundId: TEXT,
          approvalCode: TEXT,
        },
        { required: ['date', 'actionCode', 'referenceNumber', 'amount'] },
      ),
    ),
    chargeback: described(BOOLEAN, 'Always false: the sandbox has no chargebacks'),
  },
  {
    required: [
      'errorCode',
      'errorMessage',
      'orderNumber',
      'orderStatus',
      'actionCode',
      'actionCodeDescription',
      'amount',
      'currency',
      'date',
      'orderDescription',
      'merchantOrderParams',
      'transactionAttributes',
      'attributes',
      'cardAuthInfo',
      'paymentAmountInfo',
      'bankInfo',
      'refunds',
      'chargeback',
    ],
    component: 'OrderStatusExtended',
  },
);

/** orderStatusLegacyView's members in its order (gateway-facts §2.5; merchant-api.md REST order status block). */
export const ORDER_STATUS_LEGACY_SCHEMA = object(
  {
    ErrorCode: SUCCESS_CODE,
    ErrorMessage: SUCCESS_MESSAGE,
    OrderStatus: ORDER_STATUS_CODE,
    OrderNumber: TEXT,
    Amount: MINOR,
    currency: described(TEXT, 'ISO 4217 numeric code'),
    Ip: described(TEXT, "The buyer's IP address"),
    expiration: described(INTEGER, 'Card expiry, YYYYMM'),
    cardholderName: described(TEXT, 'At most 26 characters'),
    approvedAmount: described(MINOR, 'Amount held'),
    depositAmount: described(MINOR, 'Amount charged'),
    approvalCode: TEXT,
    authCode: enumOf([2], 'Deprecated, always 2'),
    Pan: described(TEXT, 'Masked card number, present only after payment'),
    rrn: described(INTEGER, 'Acquirer transaction reference'),
    paymentNetRefNum: TEXT,
  },
  {
    required: [
      'ErrorCode',
      'ErrorMessage',
      'OrderStatus',
      'OrderNumber',
      'Amount',
      'currency',
      'approvedAmount',
      'depositAmount',
      'authCode',
    ],
    component: 'OrderStatusBlock',
  },
);
