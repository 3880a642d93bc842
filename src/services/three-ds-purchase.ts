import type { CardForAuthorization } from '../processing/acquirer/acquirer-port.js';
import type { AppDevice, BrowserData, PurchaseContext } from '../processing/threeds/three-ds-server.js';
import type { OrderRow } from '../store/schema.js';
import { chargeOf } from './dcc/charge.js';

/** The card as the 3DS transaction keeps it (sealed) until the payment: never the CVC. */
export function keptCard(card: CardForAuthorization) {
  return {
    pan: card.pan.reveal(),
    expiry: card.expiry,
    ...(card.cardholderName === undefined ? {} : { cardholderName: card.cardholderName }),
  };
}

/** The AReq's purchase: in the card's currency when the customer chose DCC (merchant-api.md scenario 2). */
export function purchaseOf(
  order: OrderRow,
  merchantName: string,
  browser: BrowserData,
  app?: AppDevice,
): PurchaseContext {
  const { amountMinor, currency } = chargeOf(order);
  return {
    ...(app === undefined ? {} : { app }),
    amountMinor,
    currency,
    merchantName,
    merchantId: order.merchant_id,
    mcc: order.mcc,
    email: order.email,
    browser,
  };
}
