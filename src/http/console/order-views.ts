import { roleHas } from '../../domain/operator-roles.js';
import { ORDER_STATUS } from '../../domain/order-status.js';
import type { OrderStory } from '../../services/console/console-orders.js';
import type { Operator } from '../../services/console/operator.js';
import type { ConsoleOrderSummary } from '../../store/console-order-filter.js';
import type { ConsoleAuditRow } from '../../store/schema.js';
import { html, type Html } from '../pages/html.js';
import { CONSOLE_PATH } from './console-session.js';
import { movableMinor, type MoneyAction } from '../../services/console/movable-amount.js';
import { outcomeText } from './audit-outcome.js';
import { badgeHtml } from './order-badge.js';
import { currencyName, money, STATUS_NAMES, text, when, type ConsoleText } from './console-text.js';

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

interface Event {
  readonly atMs: number;
  readonly what: string;
  readonly detail: Html | string;
}

/** Everything that happened to the order, oldest first. */
function events(story: OrderStory): Event[] {
  const { order } = story;
  const list: Event[] = [
    {
      atMs: order.created_at_ms,
      what: 'Registered',
      detail: `${money(order.amount_minor, order.currency)} for order number ${order.order_number}`,
    },
  ];
  for (const authentication of story.authentications) {
    const flow = authentication.rreq_status !== null ? 'challenge' : 'frictionless';
    list.push({
      atMs: authentication.created_at_ms,
      what: `3-D Secure ${authentication.message_version}`,
      detail: `${authentication.device_channel === '01' ? 'app' : 'browser'}, ${flow}, stage ${authentication.stage}, ARes ${authentication.ares_status ?? '–'}, RReq ${authentication.rreq_status ?? '–'}, ECI ${authentication.eci ?? '–'}`,
    });
  }
  for (const operation of story.operations) {
    const amount = money(operation.amount_minor, operation.currency);
    const dcc =
      operation.dcc_amount_minor === null
        ? ''
        : ` (${money(operation.dcc_amount_minor, order.dcc_currency)})`;
    const answer =
      operation.state === 'approved'
        ? `approved, RRN ${operation.rrn ?? '–'}, code ${operation.approval_code ?? '–'}`
        : `${operation.state}, action code ${operation.action_code}`;
    list.push({
      atMs: operation.created_at_ms,
      what: `${operation.kind} ${amount}${dcc}`,
      detail: html`${answer}; ${operation.attempts} recovery
      attempt(s)${operation.last_error === null ? '' : `; last error: ${operation.last_error}`}${operation.resolution_note === null ? '' : html`<br />Resolved by ${operation.resolved_by ?? ''} at ${when(operation.resolved_at_ms)}: ${operation.resolution_note}`}`,
    });
  }
  for (const callback of story.callbacks) {
    list.push({
      atMs: callback.created_at_ms,
      what: `Callback ${callback.operation}`,
      detail: `${callback.state} after ${callback.attempts} attempt(s)${callback.delivered_at_ms === null ? '' : `, delivered ${when(callback.delivered_at_ms)}`}${callback.last_error === null ? '' : `; last error: ${callback.last_error}`}${callback.request_id === null ? '' : `; request ${callback.request_id}`}`,
    });
  }
  for (const visit of story.visits)
    list.push({ atMs: visit.at_ms, what: `Customer opened the ${visit.page} page`, detail: '' });
  for (const attempt of story.callbackAttempts) {
    const callback = story.callbacks.find((row) => row.id === attempt.callback_id);
    list.push({
      atMs: attempt.at_ms,
      what: `Callback ${callback?.operation ?? ''} attempt`,
      detail: `${attempt.outcome}${attempt.detail === null ? '' : `: ${attempt.detail}`}`,
    });
  }
  for (const action of story.actions)
    list.push({ atMs: action.at_ms, what: `Operator: ${action.action}`, detail: auditDetail(action) });
  return list.sort((a, b) => a.atMs - b.atMs);
}

export function auditDetail(entry: ConsoleAuditRow): string {
  const amount = money(entry.amount_minor, entry.currency);
  return `${entry.operator_email}${amount === '' ? '' : `, ${amount}`}: ${outcomeText(entry)}`;
}

function summary(story: OrderStory): Html {
  const { order } = story;
  const waiting = story.operations.some((operation) => operation.state === 'needsAttention');
  const rows: [string, string | Html][] = [
    ['Merchant', story.merchantLogin],
    ['Order number', order.order_number],
    ['Gatehouse id', order.id],
    ['Status', html`${badgeHtml(order, waiting)} (${STATUS_NAMES[order.status] ?? String(order.status)})`],
    ['Amount', money(order.amount_minor, order.currency)],
    [
      'Held / captured / refunded',
      [order.approved_minor, order.deposited_minor, order.refunded_minor]
        .map((minor) => money(minor, order.currency))
        .join(' / '),
    ],
    ['Card', order.card_masked_pan ?? ''],
    ['Payment way', order.payment_way ?? ''],
  ];
  if (order.p2p_type !== null)
    rows.push([
      'Transfer',
      `${order.p2p_type}${order.to_masked_pan === null ? '' : ` to ${order.to_masked_pan}`}`,
    ]);
  if (order.dcc_currency !== null)
    rows.push([
      'DCC',
      `${money(order.dcc_amount_minor, order.dcc_currency)} at rate ${order.dcc_rate ?? '–'}, refunded ${money(order.dcc_refunded_minor, order.dcc_currency)}`,
    ]);
  if (order.binding_id !== null) rows.push(['Stored card', order.binding_id]);
  return html`<dl>
    ${rows.map(
      ([name, value]) =>
        html`<dt>${name}</dt>
          <dd>${value}</dd>`,
    )}
  </dl>`;
}

function actionForms(story: OrderStory, operator: Operator): Html {
  const { order } = story;
  const confirm = `${CONSOLE_PATH}/orders/${order.id}/confirm`;
  const amountForm = (action: MoneyAction, label: string) =>
    html`<form method="get" action="${confirm}">
      <input type="hidden" name="action" value="${action}" />
      <label>${label} amount <input name="amount" inputmode="decimal" required /></label>
      ${
        order.dcc_currency === null
          ? ''
          : html`<label
              >Currency
              <select name="side">
                <option value="original">${currencyName(order.currency)}</option>
                <option value="dcc">${currencyName(order.dcc_currency)}</option>
              </select></label
            >`
      }
      <button type="submit">${label}…</button>
    </form>`;
  // The whole remaining amount is a choice of its own that names the amount: an empty or zero
  // amount is never read as "all of it".
  const wholeForm = (action: MoneyAction, words: ConsoleText) => {
    const left = movableMinor(action, order, 'original');
    if (left < 1) return html``;
    const dccLeft = movableMinor(action, order, 'dcc');
    const amount =
      order.dcc_currency === null
        ? money(left, order.currency)
        : `${money(left, order.currency)} (${money(dccLeft, order.dcc_currency)})`;
    return html`<form method="get" action="${confirm}">
      <input type="hidden" name="action" value="${action}" />
      <input type="hidden" name="whole" value="yes" />
      <button type="submit">${text(words, { amount })}</button>
    </form>`;
  };
  const forms: Html[] = [];
  if (order.status === ORDER_STATUS.approved && roleHas(operator.role, 'orders.capture'))
    forms.push(amountForm('capture', 'Capture'), wholeForm('capture', 'wholeCapture'));
  if (
    (order.status === ORDER_STATUS.approved || order.status === ORDER_STATUS.deposited) &&
    roleHas(operator.role, 'orders.reverse')
  )
    forms.push(amountForm('reverse', 'Reverse'), wholeForm('reverse', 'wholeReverse'));
  if (
    (order.status === ORDER_STATUS.deposited || order.status === ORDER_STATUS.refunded) &&
    roleHas(operator.role, 'orders.refund')
  )
    forms.push(amountForm('refund', 'Refund'), wholeForm('refund', 'wholeRefund'));
  if (order.status === ORDER_STATUS.registered && roleHas(operator.role, 'orders.decline'))
    forms.push(
      html`<form method="get" action="${confirm}">
        <input type="hidden" name="action" value="decline" /><button type="submit">Decline…</button>
      </form>`,
    );
  return forms.length === 0
    ? html``
    : html`<section aria-labelledby="act">
        <h2 id="act">Actions</h2>
        <div class="actions">${forms}</div>
      </section>`;
}

function followUps(story: OrderStory, operator: Operator): Html {
  const confirm = `${CONSOLE_PATH}/orders/${story.order.id}/confirm`;
  const items: Html[] = [];
  if (roleHas(operator.role, 'steps.resolve'))
    for (const operation of story.operations.filter((step) => step.state === 'needsAttention'))
      items.push(
        html`<li>
          ${operation.kind} ${money(operation.amount_minor, operation.currency)} needs attention:
          <a href="${confirm}?action=resolve&amp;step=${operation.id}">Resolve…</a>
        </li>`,
      );
  if (roleHas(operator.role, 'callbacks.replay'))
    for (const callback of story.callbacks.filter((row) => row.state !== 'pending'))
      items.push(
        html`<li>
          Callback ${callback.operation} (${callback.state}):
          <a href="${confirm}?action=replay&amp;callback=${callback.id}">Send again…</a>
        </li>`,
      );
  return items.length === 0
    ? html``
    : html`<ul>
        ${items}
      </ul>`;
}

export function storyBody(story: OrderStory, operator: Operator, notice?: Html): Html {
  return html`<h1>Order ${story.order.order_number}</h1>
    ${notice ?? ''} ${summary(story)} ${actionForms(story, operator)} ${followUps(story, operator)}
    <section aria-labelledby="story">
      <h2 id="story">Story</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">When (UTC)</th>
            <th scope="col">What</th>
            <th scope="col">Detail</th>
          </tr>
        </thead>
        <tbody>
          ${events(story).map(
            (event) =>
              html`<tr>
                <td>${when(event.atMs)}</td>
                <td>${event.what}</td>
                <td class="prose">${event.detail}</td>
              </tr>`,
          )}
        </tbody>
      </table>
    </section>`;
}
