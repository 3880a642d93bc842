import {
  alternatives,
  arrayOf,
  described,
  enumOf,
  INTEGER,
  joined,
  object,
  TEXT,
  type AnswerSchema,
} from '../answers/answer-schema.js';
import { SUCCESS_CODE, SUCCESS_MESSAGE } from '../answers/success-members.js';
import { NAME_VALUE, ORDER_STATUS_CODE, PAYMENT_STATE } from '../rest/order-status-schemas.js';
import { STEP_MEMBERS, STEP_TITLES, type StepKind } from '../rest/three-ds-step-schemas.js';

const MINOR = described(INTEGER, 'Minor currency units');
const EPOCH_MS = described(INTEGER, 'Unix time in milliseconds');

/** walletOrderStatusView's members in its order (merchant-api.md, Wallet order status block). */
const WALLET_ORDER_STATUS_SCHEMA = object(
  {
    errorCode: SUCCESS_CODE,
    errorMessage: SUCCESS_MESSAGE,
    orderNumber: TEXT,
    orderStatus: described(ORDER_STATUS_CODE, '1 or 2: paid; any other: declined'),
    actionCode: described(TEXT, "The processing bank's response code, as text"),
    actionCodeDescription: described(TEXT, 'The action code in words; absent for a code without one (0)'),
    amount: MINOR,
    currency: described(TEXT, 'ISO 4217 numeric code'),
    date: described(EPOCH_MS, 'Registration time'),
    ip: TEXT,
    merchantOrderParams: arrayOf(NAME_VALUE, 'The additionalParameters of the request'),
    attributes: arrayOf(NAME_VALUE, 'Order attributes: mdOrder, the order id'),
    cardAuthInfo: object(
      {
        expiration: described(INTEGER, 'YYYYMM'),
        cardholderName: TEXT,
        approvalCode: TEXT,
        pan: described(TEXT, 'The masked device-linked number'),
        detokenizedPanRepresentation: described(
          TEXT,
          'The masked card number (the sandbox does not detokenize)',
        ),
        detokenizedPanExpiryDate: described(TEXT, 'YYYYMM'),
      },
      { description: 'The card paid with; empty when no card was charged' },
    ),
    authDateTime: EPOCH_MS,
    terminalId: TEXT,
    authRefNum: TEXT,
    paymentAmountInfo: object(
      {
        paymentState: PAYMENT_STATE,
        approvedAmount: MINOR,
        depositedAmount: MINOR,
        refundedAmount: MINOR,
        totalAmount: described(MINOR, 'The order amount plus the fee'),
      },
      { required: 'all' },
    ),
    bankInfo: object(
      { bankCountryName: described(TEXT, "The issuing bank's country, in the request language") },
      { required: 'all' },
    ),
    payerData: object(
      { email: TEXT, postAddress: TEXT, phone: TEXT },
      { description: "The payer's contacts given with the payment; empty when none" },
    ),
  },
  {
    required: [
      'errorCode',
      'errorMessage',
      'orderNumber',
      'orderStatus',
      'actionCode',
      'amount',
      'currency',
      'date',
      'merchantOrderParams',
      'attributes',
      'cardAuthInfo',
      'paymentAmountInfo',
      'bankInfo',
      'payerData',
    ],
    component: 'WalletOrderStatusBlock',
  },
);

const SUCCESS = object(
  {
    success: enumOf(
      [true],
      'The request was processed; the order is paid only when orderStatus.orderStatus is 1 or 2',
    ),
  },
  { required: 'all' },
);

const ORDER_ID = object({ orderId: described(TEXT, 'The gateway order id') }, { required: 'all' });

const ORDER_STATUS = object({ orderStatus: WALLET_ORDER_STATUS_SCHEMA }, { required: 'all' });

/**
 * A wallet payment's answers (walletAnswer, walletStepAnswer): processed, or, for a token whose
 * customer authenticates, one of `steps` of 3-D Secure riding in `data`.
 */
export function walletAnswerSchema(steps: readonly StepKind[] = []): AnswerSchema {
  const decided = joined([SUCCESS, object({ data: ORDER_ID }, { required: 'all' }), ORDER_STATUS], {
    title: 'Processed: paid or declined',
  });
  if (steps.length === 0) return decided;
  return alternatives([
    decided,
    ...steps.map((step) =>
      joined(
        [
          SUCCESS,
          object({ data: joined([ORDER_ID, STEP_MEMBERS[step]]) }, { required: 'all' }),
          ORDER_STATUS,
        ],
        { title: STEP_TITLES[step] },
      ),
    ),
  ]);
}
