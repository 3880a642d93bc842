/** Order status values as the real gateway uses them (gateway-facts §1.1). */
export const ORDER_STATUS = {
  registered: 0,
  approved: 1,
  deposited: 2,
  reversed: 3,
  refunded: 4,
  acsStarted: 5,
  declined: 6,
} as const;

export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

export const ORDER_STATUSES: readonly OrderStatus[] = Object.values(ORDER_STATUS);

/** An order nobody has paid yet: registered, or with its customer at the issuer's ACS. */
export const UNPAID = [ORDER_STATUS.registered, ORDER_STATUS.acsStarted];

/** `paymentAmountInfo.paymentState` for each status (gateway-facts §1.1; status 5 is not listed there). */
export const PAYMENT_STATE_BY_STATUS: Record<OrderStatus, string> = {
  0: 'CREATED',
  1: 'APPROVED',
  2: 'DEPOSITED',
  3: 'REVERSED',
  4: 'REFUNDED',
  5: 'STARTED',
  6: 'DECLINED',
};

export function isOrderStatus(value: number): value is OrderStatus {
  return Number.isInteger(value) && value >= 0 && value <= 6;
}
