import type { OrderStory } from '../../services/console/console-orders.js';
import type { OrderRecord } from '../../domain/order-record.js';
import { html, type Html } from '../pages/html.js';
import { money } from './console-text.js';
import { timeHtml } from './local-time.js';
import { badgeHtml } from './order-badge.js';
import { pageText } from './order-page-text.js';

/** The wallets a payment way names, as a customer knows them. */
const WALLETS: Readonly<Record<string, string>> = {
  APPLE_PAY: 'Apple Pay',
  GOOGLE_PAY_TOKENIZED: 'Google Pay',
  GOOGLE_PAY_CARD: 'Google Pay',
  SAMSUNG_PAY: 'Samsung Pay',
};

/**
 * The payer's phone: instantPayment.do keeps it as `phone`, register.do inside
 * `orderPayerData.mobilePhone` (the search reads the same two places, order-search-expressions.ts).
 */
function payerPhone(payerData: string | null): string | undefined {
  if (payerData === null) return undefined;
  try {
    const data = JSON.parse(payerData) as { phone?: unknown; orderPayerData?: { mobilePhone?: unknown } };
    const phone = data.phone ?? data.orderPayerData?.mobilePhone;
    return typeof phone === 'string' && phone !== '' ? phone : undefined;
  } catch {
    return undefined;
  }
}

/** `12/2034` from the `203412` an order keeps. */
function expiryOf(expiry: string | null): string | undefined {
  if (expiry === null) return undefined;
  return /^\d{6}$/.test(expiry) ? `${expiry.slice(4)}/${expiry.slice(0, 4)}` : expiry;
}

function cardLine(order: OrderRecord): string {
  if (order.card_masked_pan === null) return pageText('noCard');
  const expiry = expiryOf(order.card_expiry);
  const wallet = order.payment_way === null ? undefined : WALLETS[order.payment_way];
  return [
    order.card_network,
    order.card_masked_pan,
    expiry === undefined ? undefined : pageText('expires', { expiry }),
    wallet,
    order.card_holder,
  ]
    .filter((part): part is string => part !== undefined && part !== null && part !== '')
    .join(' · ');
}

function customerLine(order: OrderRecord): Html {
  const parts = [order.email, payerPhone(order.payer_data)].filter(
    (part): part is string => part !== undefined && part !== null,
  );
  if (parts.length === 0) return html`<span class="quiet">${pageText('noCustomer')}</span>`;
  return html`${parts.map((part, index) => html`${index === 0 ? '' : html`<br />`}${part}`)}`;
}

/** A term and its value; `kind` "id" sets a 36-character id smaller, so it fits a phone's line. */
type Row = readonly [string, string | Html] | readonly [string, string | Html, 'id'];

function rows(entries: readonly Row[]): Html {
  return html`${entries.map(
    ([name, value, kind]) =>
      html`<div${kind === undefined ? '' : html` class="${kind}"`}>
        <dt>${name}</dt>
        <dd>${value}</dd>
      </div>`,
  )}`;
}

/**
 * What happened to the money, first: the amount and its badge, then who paid whom with what card
 * and when. The order's other facts (its ids, the way, a transfer, a conversion) follow in a
 * second list.
 */
export function orderHeader(story: OrderStory, waiting: boolean): Html {
  const { order } = story;
  const moved = [order.approved_minor, order.deposited_minor, order.refunded_minor]
    .map((minor) => money(minor, order.currency))
    .join(' / ');
  const facts: Row[] = [
    [pageText('headerOrderNumber'), order.order_number],
    [pageText('headerOrderId'), order.id, 'id'],
    [pageText('headerMoney'), moved],
  ];
  if (order.payment_way !== null) facts.push([pageText('headerWay'), order.payment_way]);
  if (order.p2p_type !== null)
    facts.push([
      pageText('headerTransfer'),
      order.to_masked_pan === null
        ? order.p2p_type
        : pageText('transferTo', { type: order.p2p_type, card: order.to_masked_pan }),
    ]);
  if (order.dcc_currency !== null)
    facts.push([
      pageText('headerDcc'),
      pageText('dccLine', {
        amount: money(order.dcc_amount_minor, order.dcc_currency),
        rate: order.dcc_rate ?? '–',
        refunded: money(order.dcc_refunded_minor, order.dcc_currency),
      }),
    ]);
  if (order.binding_id !== null) facts.push([pageText('headerStoredCard'), order.binding_id]);
  return html`<section class="order-head" aria-labelledby="order-title">
      <h1 id="order-title">Order ${order.order_number}</h1>
      <p class="money-line">
        <span class="amount" data-member="amount">${money(order.amount_minor, order.currency)}</span>
        <span data-member="status">${badgeHtml(order, waiting)}</span>
      </p>
      <dl class="head">
        ${rows([
          [pageText('headerMerchant'), story.merchantLogin],
          [pageText('headerCustomer'), customerLine(order)],
          [pageText('headerCard'), cardLine(order)],
          [pageText('headerCreated'), timeHtml(order.created_at_ms)],
          [pageText('headerChanged'), timeHtml(order.updated_at_ms)],
        ])}
      </dl>
    </section>
    <dl class="facts">${rows(facts)}</dl>`;
}

/** The header's and timeline's layout: one column on a phone, two or more beside each other above. */
export const ORDER_PAGE_STYLE = `
  .order-head, dl.facts, .action-group, ol.timeline { border: 1px solid #d8dde3; border-radius: 6px; }
  .order-head { padding: .8rem 1rem; margin-bottom: 1rem; }
  .order-head h1 { margin: 0 0 .3rem; font-size: 1.3rem; }
  .money-line { display: flex; flex-wrap: wrap; gap: .6rem; align-items: center; margin: 0 0 .6rem; }
  .money-line .amount { font-size: 1.6rem; font-weight: 700; }
  dl.head, dl.facts { display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
    gap: .5rem 1.2rem; padding: 0; margin: 0; }
  dl.facts { padding: .8rem 1rem; margin-bottom: 1rem; }
  dl.head div, dl.facts div { min-width: 0; }
  dl.head dt, dl.facts dt { font-weight: 600; font-size: .8rem; color: #4b5563; }
  dl.head dd, dl.facts dd { margin: 0; }
  dl.facts .id dd { font-size: .85rem; }
  .quiet { color: #4b5563; }
  time { white-space: nowrap; }
  .action-group { padding: .6rem .8rem; min-width: 0; max-width: 100%; }
  .action-group h3 { margin: 0 0 .4rem; font-size: 1rem; }
  .actions .action-group form { padding: 0; margin: 0 0 .4rem; }
  .action-group button { width: auto; margin: 0; }
  .action-group button.whole { background: #fff; color: #1d4ed8; border: 1px solid #1d4ed8; }
  ol.timeline { list-style: none; margin: 0; padding: 0; }
  ol.timeline li { padding: .5rem .8rem; border-bottom: 1px solid #d8dde3; }
  ol.timeline li:last-child { border-bottom: 0; }
  ol.timeline .when { font-size: .8rem; color: #4b5563; }
  ol.timeline .sentence { margin: .1rem 0; }
  ol.timeline details { font-size: .85rem; }
  ol.timeline summary { cursor: pointer; color: #1d4ed8; width: max-content; }
  ol.timeline dl { grid-template-columns: max-content minmax(0, 1fr); padding: .4rem 0; margin: 0; }
  @media (max-width: 40rem) {
    dl.head, dl.facts, ol.timeline dl { grid-template-columns: minmax(0, 1fr); }
  }
`;
