import { ACTION_CODE } from '../../domain/action-codes.js';
import { ORDER_STATUS } from '../../domain/order-status.js';
import type { OrderRecord } from '../../domain/order-record.js';
import { html, type Html } from '../pages/html.js';
import { text, type ConsoleText } from './console-text.js';

/** How a badge looks: its colour says whether the money arrived, waits, went back or failed. */
export type BadgeTone = 'good' | 'waiting' | 'back' | 'failed' | 'attention';

export interface Badge {
  readonly word: ConsoleText;
  readonly tone: BadgeTone;
}

export type BadgedOrder = Pick<OrderRecord, 'status' | 'action_code' | 'deposited_minor' | 'refunded_minor'>;

/**
 * What happened to the order's money, in the words support uses: the one place an order's status,
 * amounts and waiting steps become a badge (the list, the order page). A step waiting for a person
 * outranks the status: it is what the order needs next.
 */
export function orderBadge(order: BadgedOrder, waiting: boolean): Badge {
  if (waiting) return { word: 'badgeNeedsAttention', tone: 'attention' };
  switch (order.status) {
    case ORDER_STATUS.registered:
      return { word: 'badgeAwaitingPayment', tone: 'waiting' };
    case ORDER_STATUS.acsStarted:
      return { word: 'badgeAuthenticating', tone: 'waiting' };
    case ORDER_STATUS.approved:
      return { word: 'badgeHeld', tone: 'waiting' };
    case ORDER_STATUS.deposited:
      return order.refunded_minor > 0
        ? { word: 'badgePartiallyRefunded', tone: 'back' }
        : { word: 'badgePaid', tone: 'good' };
    case ORDER_STATUS.reversed:
      return { word: 'badgeReversed', tone: 'back' };
    case ORDER_STATUS.refunded:
      return order.refunded_minor < order.deposited_minor
        ? { word: 'badgePartiallyRefunded', tone: 'back' }
        : { word: 'badgeRefunded', tone: 'back' };
    default:
      // Its lifetime ended unpaid: at the payment page, or with the customer at the issuer's ACS.
      return order.action_code === ACTION_CODE.paymentExpired ||
        order.action_code === ACTION_CODE.acsNotReturned
        ? { word: 'badgeExpired', tone: 'failed' }
        : { word: 'badgeDeclined', tone: 'failed' };
  }
}

/** The badge as the pages show it: its words, its tone as a class (colours in BADGE_STYLE). */
export function badgeHtml(order: BadgedOrder, waiting: boolean): Html {
  const badge = orderBadge(order, waiting);
  return html`<span class="badge ${badge.tone}">${text(badge.word)}</span>`;
}

/** Each tone's colours: dark text on a light ground, at least 4.5:1 (WCAG AA). */
export const BADGE_STYLE = `
  .badge { display: inline-block; padding: .05rem .5rem; border-radius: 999px; font-size: .8rem;
    font-weight: 600; white-space: nowrap; border: 1px solid currentColor; }
  .badge.good { background: #dcfce7; color: #14532d; }
  .badge.waiting { background: #e0ecff; color: #1e3a8a; }
  .badge.back { background: #f1f5f9; color: #334155; }
  .badge.failed { background: #fde2e1; color: #7f1d1d; }
  .badge.attention { background: #fef3c7; color: #78350f; }
`;
