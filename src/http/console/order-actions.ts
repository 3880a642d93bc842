import { roleHas } from '../../domain/operator-roles.js';
import { ORDER_STATUS } from '../../domain/order-status.js';
import type { OrderStory } from '../../services/console/console-orders.js';
import { movableMinor, type MoneyAction } from '../../services/console/movable-amount.js';
import type { Operator } from '../../services/console/operator.js';
import { html, type Html } from '../pages/html.js';
import { CONSOLE_PATH } from './console-session.js';
import { currencyName, money, text, type ConsoleText } from './console-text.js';
import { pageText, type OrderPageText } from './order-page-text.js';

const MONEY_ACTIONS: Readonly<
  Record<MoneyAction, { readonly label: string; readonly upTo: OrderPageText; readonly whole: ConsoleText }>
> = {
  capture: { label: 'Capture', upTo: 'captureUpTo', whole: 'wholeCapture' },
  reverse: { label: 'Reverse', upTo: 'reverseUpTo', whole: 'wholeReverse' },
  refund: { label: 'Refund', upTo: 'refundUpTo', whole: 'wholeRefund' },
};

/**
 * One money action under a heading that names what is left to move ("Refund up to 27.66 EUR"):
 * a typed amount, and the separate choice of the whole remaining amount, which names it (an empty
 * or zero amount is never read as "all of it").
 */
function moneyAction(story: OrderStory, action: MoneyAction): Html {
  const { order } = story;
  const words = MONEY_ACTIONS[action];
  const left = movableMinor(action, order, 'original');
  if (left < 1) return html``;
  const amount =
    order.dcc_currency === null
      ? money(left, order.currency)
      : `${money(left, order.currency)} (${money(movableMinor(action, order, 'dcc'), order.dcc_currency)})`;
  const confirm = `${CONSOLE_PATH}/orders/${order.id}/confirm`;
  const heading = `act-${action}`;
  const side =
    order.dcc_currency === null
      ? ''
      : html`<label
          >Currency
          <select name="side">
            <option value="original">${currencyName(order.currency)}</option>
            <option value="dcc">${currencyName(order.dcc_currency)}</option>
          </select></label
        >`;
  return html`<section class="action-group" aria-labelledby="${heading}">
    <h3 id="${heading}" data-left="${action}">${pageText(words.upTo, { amount })}</h3>
    <form method="get" action="${confirm}">
      <input type="hidden" name="action" value="${action}" />
      <label>${words.label} amount <input name="amount" inputmode="decimal" required /></label>
      ${side}
      <button type="submit">${words.label}…</button>
    </form>
    <form method="get" action="${confirm}">
      <input type="hidden" name="action" value="${action}" />
      <input type="hidden" name="whole" value="yes" />
      <button type="submit" class="whole">${text(words.whole, { amount })}</button>
    </form>
  </section>`;
}

/** The actions the order's state and the operator's role allow, each with what it can still move. */
export function actionForms(story: OrderStory, operator: Operator): Html {
  const { order } = story;
  const forms: Html[] = [];
  if (order.status === ORDER_STATUS.approved && roleHas(operator.role, 'orders.capture'))
    forms.push(moneyAction(story, 'capture'));
  if (
    (order.status === ORDER_STATUS.approved || order.status === ORDER_STATUS.deposited) &&
    roleHas(operator.role, 'orders.reverse')
  )
    forms.push(moneyAction(story, 'reverse'));
  if (
    (order.status === ORDER_STATUS.deposited || order.status === ORDER_STATUS.refunded) &&
    roleHas(operator.role, 'orders.refund')
  )
    forms.push(moneyAction(story, 'refund'));
  if (order.status === ORDER_STATUS.registered && roleHas(operator.role, 'orders.decline'))
    forms.push(
      html`<section class="action-group" aria-labelledby="act-decline">
        <h3 id="act-decline">${pageText('declineOrder')}</h3>
        <form method="get" action="${CONSOLE_PATH}/orders/${order.id}/confirm">
          <input type="hidden" name="action" value="decline" /><button type="submit">Decline…</button>
        </form>
      </section>`,
    );
  const shown = forms.filter((form) => form.markup !== '');
  return shown.length === 0
    ? html``
    : html`<section aria-labelledby="act">
        <h2 id="act">${pageText('actions')}</h2>
        <div class="actions">${shown}</div>
      </section>`;
}

/** Steps and callbacks that wait for a person, with the link that deals with each. */
export function followUps(story: OrderStory, operator: Operator): Html {
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
    : html`<section aria-labelledby="follow-ups">
        <h2 id="follow-ups">${pageText('followUps')}</h2>
        <ul>
          ${items}
        </ul>
      </section>`;
}
