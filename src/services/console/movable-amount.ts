import type { MovementSide } from '../../domain/dcc/movement-split.js';
import { ORDER_STATUS } from '../../domain/order-status.js';
import type { OrderRow } from '../../store/schema.js';

export type MoneyAction = 'capture' | 'reverse' | 'refund';

/**
 * What a console capture, reversal or refund can still move on `side`, in that side's minor units:
 * the "whole remaining" amount the console offers and names. The console resolves it to this
 * explicit number before acting, so the confirmation, the acquirer request and the audit all name
 * the amount that moves; the API's "0 means the full amount" never reaches the money engine from
 * here.
 */
export function movableMinor(action: MoneyAction, order: OrderRow, side: MovementSide): number {
  const dcc = side === 'dcc' && order.dcc_currency !== null;
  switch (action) {
    case 'capture':
      return dcc ? order.dcc_approved_minor : order.approved_minor;
    case 'reverse':
      if (order.status === ORDER_STATUS.approved)
        return dcc ? order.dcc_approved_minor : order.approved_minor;
      return dcc ? order.dcc_deposited_minor : order.deposited_minor;
    case 'refund':
      return dcc
        ? order.dcc_deposited_minor - order.dcc_refunded_minor
        : order.deposited_minor - order.refunded_minor;
  }
}

/** The numeric currency of `side`'s amounts on the order. */
export function sideCurrency(order: OrderRow, side: MovementSide): string {
  return side === 'dcc' && order.dcc_currency !== null ? order.dcc_currency : order.currency;
}

/** An amount the console may pass on: a whole number of minor units, at least one. */
export function isExplicitAmount(amountMinor: number): boolean {
  return Number.isSafeInteger(amountMinor) && amountMinor >= 1;
}
