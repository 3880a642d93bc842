import { randomUUID } from 'node:crypto';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { MovementSide } from '../../domain/dcc/movement-split.js';
import {
  isOrderAction,
  type ActionResult,
  type OrderAction,
} from '../../services/console/console-actions.js';
import { movableMinor, sideCurrency, type MoneyAction } from '../../services/console/movable-amount.js';
import type { OrderStory } from '../../services/console/console-orders.js';
import { ConsoleNotFound } from '../../services/console/operator.js';
import type { OrderRecord } from '../../domain/order-record.js';
import { html, type Html } from '../pages/html.js';
import { confirmedAmount, enteredAmount } from './amount-entry.js';
import { outcomeText } from './audit-outcome.js';
import { actionNotice, consolePage } from './console-layout.js';
import type { ConsoleDeps, ConsoleRequest } from './console-guard.js';
import { CONSOLE_PATH } from './console-session.js';
import { money, STATUS_NAMES, text } from './console-text.js';
import { LOCAL_TIME_SCRIPT } from './local-time.js';
import { FILTER_LABELS, orderQueryOf } from './order-filters.js';
import { ORDER_PAGE_STYLE } from './order-header.js';
import { countLine, exportLinks, filterChips, filterFields, pagingLinks } from './order-search.js';
import { orderTable, storyBody } from './order-views.js';

function movesMoney(action: OrderAction): action is MoneyAction {
  return action === 'capture' || action === 'reverse' || action === 'refund';
}

/**
 * The filters beyond the search box, folded away until wanted (open while one is in use). The
 * search, when there is one, rides along so a filter narrows it.
 */
function filterForm(fields: Record<string, string>, logins: readonly string[]): Html {
  const label = (name: string) => FILTER_LABELS[name] ?? name;
  const input = (name: string, attributes = html``) =>
    html`<label>${label(name)} <input name="${name}" value="${fields[name] ?? ''}" ${attributes} /></label>`;
  const choice = (name: string, options: readonly (readonly [string, string])[]) =>
    html`<label
      >${label(name)}
      <select name="${name}">
        <option value="">any</option>
        ${options.map(
          ([value, shown]) =>
            html`<option value="${value}" ${fields[name] === value ? html`selected` : ''}>${shown}</option>`,
        )}
      </select></label
    >`;
  const inUse = [...filterFields(fields).keys()].some((name) => name !== 'q');
  return html`<details class="filters" ${inUse ? html`open` : ''}>
    <summary>${text('moreFilters')}</summary>
    <form class="filters" method="get" action="${CONSOLE_PATH}/orders">
      ${fields.q === undefined ? '' : html`<input type="hidden" name="q" value="${fields.q}" />`}
      ${choice(
        'merchant',
        logins.map((login) => [login, login] as const),
      )}
      ${choice('status', Object.entries(STATUS_NAMES))} ${input('from', html`type="date"`)}
      ${input('to', html`type="date"`)} ${input('min', html`inputmode="decimal"`)}
      ${input('max', html`inputmode="decimal"`)} ${input('currency', html`placeholder="EUR"`)} ${input('way')}
      ${choice('p2p', [
        ['STANDARD', 'card to card'],
        ['AFT', 'AFT'],
        ['OCT', 'OCT'],
      ])}
      ${choice('dcc', [
        ['yes', 'converted'],
        ['no', 'not converted'],
      ])}
      ${choice('attention', [['yes', 'yes']])}
      <button type="submit">${text('filter')}</button>
    </form>
  </details>`;
}

/** What the confirmation says will happen, in words and the exact money that moves. */
function consequence(
  action: OrderAction,
  order: OrderRecord,
  amountMinor: number | undefined,
  side: MovementSide,
): string {
  const amount = amountMinor === undefined ? '' : money(amountMinor, sideCurrency(order, side));
  const card = order.card_masked_pan ?? 'the card';
  switch (action) {
    case 'capture':
      return `Capture ${amount} of the ${money(order.approved_minor, order.currency)} held on ${card}.`;
    case 'reverse':
      return `Release ${amount} back to ${card}; nothing more can be captured after a full reversal.`;
    case 'refund':
      return `Send ${amount} back to ${card} (captured ${money(order.deposited_minor, order.currency)}, refunded so far ${money(order.refunded_minor, order.currency)}).`;
    case 'decline':
      return 'Cancel this unpaid order: the customer can no longer pay it.';
    case 'replay':
      return 'Send this callback to the merchant again, with a fresh attempt count.';
    case 'resolve':
      return 'Mark this money step as dealt with by a person; say what was done.';
  }
}

/**
 * An order's page, its times rewritten into the browser's time zone by the page's own script
 * (UTC stays in each time's title, and in its text without script).
 */
async function orderPage(
  reply: FastifyReply,
  story: OrderStory,
  session: ConsoleRequest,
  notice?: Html,
  status = 200,
): Promise<void> {
  await consolePage(
    reply,
    `Order ${story.order.order_number}`,
    storyBody(story, session.operator, notice),
    session,
    status,
    { style: ORDER_PAGE_STYLE, files: [], script: LOCAL_TIME_SCRIPT },
  );
}

/** The order page again, with why its form was not taken (HTTP 400): nothing was done. */
async function refusedForm(
  deps: ConsoleDeps,
  reply: FastifyReply,
  session: ConsoleRequest,
  orderId: string,
  problem: string,
): Promise<void> {
  const story = await deps.orders.story(session.operator, orderId);
  await orderPage(reply, story, session, html`<p class="notice error" role="alert">${problem}</p>`, 400);
}

async function orderList(deps: ConsoleDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const session = request.consoleSession;
  const merchants = await deps.orders.merchants(session.operator);
  const { query, problems } = orderQueryOf(session.fields, merchants);
  const page = await deps.orders.list(session.operator, query);
  const logins = new Map(merchants.map((merchant) => [merchant.id, merchant.login]));
  await consolePage(
    reply,
    text('orders'),
    html`<h1>${text('orders')}</h1>
      ${filterChips(session.fields)}
      ${filterForm(
        session.fields,
        merchants.map((merchant) => merchant.login),
      )}
      ${problems.length === 0 ? '' : html`<p class="notice error" role="alert">Ignored: ${problems.join('; ')}</p>`}
      ${countLine(page)} ${orderTable(page.orders, logins, page.waiting)} ${pagingLinks(page, session.fields)}
      ${exportLinks(session.fields)}`,
    session,
  );
}

async function orderStory(deps: ConsoleDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const session = request.consoleSession;
  const { id } = request.params as { id: string };
  const story = await deps.orders.story(session.operator, id);
  const resultKey = session.fields.result;
  const entry = resultKey === undefined ? undefined : story.actions.find((action) => action.id === resultKey);
  const notice =
    entry === undefined
      ? undefined
      : entry.outcome === 'done'
        ? html`<p class="notice" role="status">${text('done')}</p>`
        : html`<p class="notice error" role="alert">${outcomeText(entry)}</p>`;
  await orderPage(reply, story, session, notice);
}

async function confirmAction(deps: ConsoleDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const session = request.consoleSession;
  const { id } = request.params as { id: string };
  const action = session.fields.action;
  if (!isOrderAction(action)) throw new ConsoleNotFound(String(action));
  const order = await deps.actions.orderToAct(session.operator, id, action);
  const side: MovementSide =
    session.fields.side === 'dcc' && order.dcc_currency !== null ? 'dcc' : 'original';
  let amountMinor: number | undefined;
  if (movesMoney(action)) {
    const entry = enteredAmount(session.fields, movableMinor(action, order, side), sideCurrency(order, side));
    if ('problem' in entry) return refusedForm(deps, reply, session, order.id, entry.problem);
    amountMinor = entry.amountMinor;
  }
  const hidden = (name: string, value: string | undefined) =>
    value === undefined ? '' : html`<input type="hidden" name="${name}" value="${value}" />`;
  await consolePage(
    reply,
    'Confirm',
    html`<h1>Confirm: ${action} on order ${order.order_number}</h1>
      <p>${consequence(action, order, amountMinor, side)}</p>
      <form method="post" action="${CONSOLE_PATH}/orders/${order.id}/act">
        ${hidden('csrf', session.csrf)} ${hidden('key', randomUUID())} ${hidden('action', action)}
        ${hidden('amount', amountMinor === undefined ? undefined : String(amountMinor))}
        ${hidden('side', side)} ${hidden('step', session.fields.step)}
        ${hidden('callback', session.fields.callback)}
        ${action === 'resolve' ? html`<label>What was done <textarea name="note" required maxlength="2000"></textarea></label>` : ''}
        <button type="submit">${text('confirm')}</button>
        <a href="${CONSOLE_PATH}/orders/${order.id}">${text('cancel')}</a>
      </form>`,
    session,
  );
}

async function takeAction(deps: ConsoleDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const session = request.consoleSession;
  const { id } = request.params as { id: string };
  const action = session.fields.action;
  if (!isOrderAction(action)) throw new ConsoleNotFound(String(action));
  const amountMinor = confirmedAmount(session.fields.amount);
  if (movesMoney(action) && amountMinor === undefined) {
    await deps.actions.orderToAct(session.operator, id, action);
    return refusedForm(deps, reply, session, id, text('amountNotExplicit'));
  }
  const result = await act(deps, session, id, action, amountMinor ?? 0);
  if (result.outcome === 'duplicate') {
    const story = await deps.orders.story(session.operator, id);
    await orderPage(reply, story, session, actionNotice(result));
    return;
  }
  await reply.code(303).header('location', `${CONSOLE_PATH}/orders/${id}?result=${result.auditId}`).send();
}

export const orderPages: FastifyPluginCallback<ConsoleDeps> = (app, deps, done) => {
  app.get('/orders', (request, reply) => orderList(deps, request, reply));
  app.get('/orders/:id', (request, reply) => orderStory(deps, request, reply));
  app.get('/orders/:id/confirm', (request, reply) => confirmAction(deps, request, reply));
  app.post('/orders/:id/act', (request, reply) => takeAction(deps, request, reply));
  done();
};

/** Runs the confirmed action; a movement's amount is the explicit one the confirmation carried. */
async function act(
  deps: ConsoleDeps,
  session: ConsoleRequest,
  orderId: string,
  action: OrderAction,
  amountMinor: number,
): Promise<ActionResult> {
  const { fields, operator } = session;
  const request = { operator, key: fields.key ?? '' };
  const side: MovementSide = fields.side === 'dcc' ? 'dcc' : 'original';
  switch (action) {
    case 'capture':
      return deps.actions.capture(request, orderId, amountMinor, side);
    case 'reverse':
      return deps.actions.reverse(request, orderId, amountMinor, side);
    case 'refund':
      return deps.actions.refund(request, orderId, amountMinor, side);
    case 'decline':
      return deps.actions.decline(request, orderId);
    case 'replay':
      await deps.actions.order(operator, orderId);
      return deps.actions.replayCallback(request, fields.callback ?? '');
    case 'resolve':
      return deps.actions.resolveStep(request, orderId, fields.step ?? '', fields.note ?? '');
  }
}
