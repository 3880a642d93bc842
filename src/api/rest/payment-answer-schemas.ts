import {
  alternatives,
  described,
  joined,
  object,
  TEXT,
  type AnswerSchema,
} from '../answers/answer-schema.js';
import { SUCCESS_CODE } from '../answers/success-members.js';
import { ORDER_STATUS_LEGACY_SCHEMA } from './order-status-schemas.js';
import { INFO, IS_3DS_VER2, STEP_MEMBERS, STEP_TITLES, type StepKind } from './three-ds-step-schemas.js';

const ORDER = object(
  {
    errorCode: SUCCESS_CODE,
    orderId: described(TEXT, 'The gateway order id'),
    orderNumber: described(TEXT, "The merchant's order number, or the one the gateway generated"),
  },
  { required: 'all' },
);

const REDIRECT = object(
  { redirect: described(TEXT, 'Where the customer goes now: returnUrl (or failUrl) with orderId and lang') },
  { required: 'all' },
);

const ORDER_STATUS = object(
  {
    orderStatus: {
      ...ORDER_STATUS_LEGACY_SCHEMA,
      description: 'The REST order status block; OrderStatus 1 or 2 is paid',
    },
  },
  { required: 'all' },
);

/**
 * The answers of a card payment (merchant-api.md, instantPayment.do response and outcome rules):
 * decided (paid or declined: see orderStatus.OrderStatus), or one of `steps` of 3-D Secure.
 */
export function paymentAnswerSchema(steps: readonly StepKind[]): AnswerSchema {
  return alternatives([
    joined([ORDER, INFO, REDIRECT, ORDER_STATUS], { title: 'Decided: paid or declined' }),
    ...steps.map((step) =>
      joined([ORDER, INFO, STEP_MEMBERS[step], ORDER_STATUS], { title: STEP_TITLES[step] }),
    ),
  ]);
}

/** finish3dsVer2Payment.do's answer (gateway-facts §7.2). */
export const FINISH_THREE_DS_ANSWER_SCHEMA = object(
  {
    redirect: described(TEXT, 'Where the customer goes: returnUrl or failUrl, with orderId and lang'),
    errorCode: SUCCESS_CODE,
    is3DSVer2: IS_3DS_VER2,
  },
  { required: 'all' },
);
