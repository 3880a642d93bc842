import { described, enumOf, joined, object, TEXT } from '../answers/answer-schema.js';
import { ORDER_STATUS_LEGACY_SCHEMA } from './order-status-schemas.js';

/** The result both levels of the answer carry: done, or pending with the acquirer. */
const RESULT = object(
  {
    errorCode: enumOf(
      ['0', '7'],
      '0: the credit is decided (orderStatus.OrderStatus 4 refunded, 6 declined); 7: the acquirer did not answer in time, the credit is pending (OrderStatus 0) and is finished by the gateway: read the order back by orderId',
    ),
    errorMessage: described(TEXT, 'In the request language'),
  },
  { required: 'all' },
);

/**
 * instantRefund.do: the vendor's table names errorCode, errorMessage, approvalCode and rrn inside
 * orderStatus, its example the legacy status block: both are given (instant-refund.ts).
 */
export const INSTANT_REFUND_ANSWER_SCHEMA = joined([
  RESULT,
  object(
    {
      orderId: described(TEXT, 'The order the gateway registered for the refund'),
      orderStatus: joined([RESULT, ORDER_STATUS_LEGACY_SCHEMA]),
    },
    { required: 'all' },
  ),
]);
