import type { ConsoleAuditRecord } from '../../domain/console-audit-record.js';
import type { ConsoleOrderSummary } from '../../domain/console-order-views.js';
import type { OrderStory } from '../../services/console/console-orders.js';
import type { Operator } from '../../services/console/operator.js';
import { html, type Html } from '../pages/html.js';
import { outcomeText } from './audit-outcome.js';
import { CONSOLE_PATH } from './console-session.js';
import { money, text, when } from './console-text.js';
import { actionForms, followUps } from './order-actions.js';
import { badgeHtml } from './order-badge.js';
import { orderHeader } from './order-header.js';
import { pageText } from './order-page-text.js';
import { timelineHtml } from './order-timeline.js';

export function orderTable(
  orders: readonly ConsoleOrderSummary[],
  logins: ReadonlyMap<string, string>,
  waiting: ReadonlySet<string>,
): Html {
  if (orders.length === 0) return html`<p>${text('noOrders')}</p>`;
  return html`<table>
    <caption class="visually-hidden">
      ${text('orders')}
    </caption>
    <thead>
      <tr>
        <th scope="col">Created (UTC)</th>
        <th scope="col">Merchant</th>
        <th scope="col">Order number</th>
        <th scope="col">Amount</th>
        <th scope="col">Status</th>
        <th scope="col">Card</th>
        <th scope="col">Way</th>
      </tr>
    </thead>
    <tbody>
      ${orders.map(
        (order) =>
          html`<tr>
            <td>${when(order.created_at_ms)}</td>
            <td>${logins.get(order.merchant_id) ?? order.merchant_id}</td>
            <td><a href="${CONSOLE_PATH}/orders/${order.id}">${order.order_number}</a></td>
            <td>${money(order.amount_minor, order.currency)}</td>
            <td>${badgeHtml(order, waiting.has(order.id))}</td>
            <td>${order.card_masked_pan ?? ''}</td>
            <td>
              ${[order.payment_way, order.p2p_type, order.dcc_currency === null ? null : 'DCC'].filter((part) => part !== null).join(' · ')}
            </td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

export function auditDetail(entry: ConsoleAuditRecord): string {
  const amount = money(entry.amount_minor, entry.currency);
  return `${entry.operator_email}${amount === '' ? '' : `, ${amount}`}: ${outcomeText(entry)}`;
}

/**
 * An order's page: what happened to the money first (the header), then what can still be done
 * with it, then the story in sentences.
 */
export function storyBody(story: OrderStory, operator: Operator, notice?: Html): Html {
  const waiting = story.operations.some((operation) => operation.state === 'needsAttention');
  return html`${orderHeader(story, waiting)} ${notice ?? ''} ${actionForms(story, operator)}
    ${followUps(story, operator)}
    <section aria-labelledby="story">
      <h2 id="story">${pageText('story')}</h2>
      <p class="quiet">${pageText('storyHint')}</p>
      ${timelineHtml(story)}
    </section>`;
}
