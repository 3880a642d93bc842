import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { MovementSide } from '../../domain/dcc/movement-split.js';
import type { ActionResult } from '../../services/console/console-actions.js';
import { ConsoleNotFound } from '../../services/console/operator.js';
import type { OrderRow } from '../../store/schema.js';
import { html, type Html } from '../pages/html.js';
import { actionNotice, consolePage } from './console-layout.js';
import { guarded, type ConsoleDeps, type ConsoleRequest } from './console-routes.js';
import { CONSOLE_PATH } from './console-session.js';
import { currencyName, minorUnits, money, STATUS_NAMES, text } from './console-text.js';
import { orderQueryOf } from './order-filters.js';
import { orderTable, storyBody } from './order-views.js';

const ACTIONS = ['capture', 'reverse', 'refund', 'decline', 'replay', 'resolve'] as const;
type Action = (typeof ACTIONS)[number];

function isAction(value: string | undefined): value is Action {
  return (ACTIONS as readonly (string | undefined)[]).includes(value);
}

function filterForm(fields: Record<string, string>, logins: readonly string[]): Html {
  const input = (name: string, label: string, attributes = html``) =>
    html`<label>${label} <input name="${name}" value="${fields[name] ?? ''}" ${attributes} /></label>`;
  const choice = (name: string, label: string, options: readonly (readonly [string, string])[]) =>
    html`<label
      >${label}
      <select name="${name}">
        <option value="">any</option>
        ${options.map(
          ([value, shown]) =>
            html`<option value="${value}" ${fields[name] === value ? html`selected` : ''}>${shown}</option>`,
        )}
      </select></label
    >`;
  return html`<form class="filters" method="get" action="${CONSOLE_PATH}/orders" role="search">
    ${choice(
      'merchant',
      'Merchant',
      logins.map((login) => [login, login] as const),
    )}
    ${choice('status', 'Status', Object.entries(STATUS_NAMES))}
    ${input('from', 'Created from', html`type="date"`)} ${input('to', 'Created to', html`type="date"`)}
    ${input('min', 'Amount from', html`inputmode="decimal"`)}
    ${input('max', 'Amount to', html`inputmode="decimal"`)} ${input('currency', 'Currency (EUR…)')}
    ${input('orderNumber', 'Order number')} ${input('orderId', 'Gatehouse order id')}
    ${input('last4', 'Card last four', html`inputmode="numeric" maxlength="4"`)}
    ${input('way', 'Payment way')}
    ${choice('p2p', 'Transfer', [
      ['STANDARD', 'card to card'],
      ['AFT', 'AFT'],
      ['OCT', 'OCT'],
    ])}
    ${choice('dcc', 'DCC', [
      ['yes', 'converted'],
      ['no', 'not converted'],
    ])}
    ${choice('attention', 'Needs attention', [['yes', 'yes']])}
    <button type="submit">${text('filter')}</button>
  </form>`;
}

/** What the confirmation says will happen, in words and money. */
function consequence(
  action: Action,
  order: OrderRow,
  amountMinor: number | undefined,
  side: MovementSide,
): string {
  const currency = side === 'dcc' && order.dcc_currency !== null ? order.dcc_currency : order.currency;
  const amount = amountMinor === undefined ? '' : money(amountMinor, currency);
  const card = order.card_masked_pan ?? 'the card';
  switch (action) {
    case 'capture':
      return `Capture ${amount} of the ${money(order.approved_minor, order.currency)} held on ${card}.`;
    case 'reverse':
      return `Release ${amountMinor === 0 ? 'the whole amount' : amount} back to ${card}; nothing more can be captured after a full reversal.`;
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

export function registerOrderPages(app: FastifyInstance, deps: ConsoleDeps): void {
  app.get(
    `${CONSOLE_PATH}/orders`,
    guarded(deps, async (_request, reply, session) => {
      const merchants = await deps.orders.merchants(session.operator);
      const { query, problems } = orderQueryOf(session.fields, merchants);
      const page = await deps.orders.list(session.operator, query);
      const logins = new Map(merchants.map((merchant) => [merchant.id, merchant.login]));
      const nextFields = new URLSearchParams(
        Object.entries(session.fields).filter(([name]) => name !== 'after' && name !== 'csrf'),
      );
      if (page.next !== undefined) nextFields.set('after', `${page.next.createdAtMs}_${page.next.id}`);
      await consolePage(
        reply,
        text('orders'),
        html`<h1>${text('orders')}</h1>
          ${filterForm(
            session.fields,
            merchants.map((merchant) => merchant.login),
          )}
          ${problems.length === 0 ? '' : html`<p class="notice error" role="alert">Ignored: ${problems.join('; ')}</p>`}
          ${orderTable(page.orders, logins)}
          ${page.next === undefined ? '' : html`<p><a rel="next" href="${CONSOLE_PATH}/orders?${nextFields.toString()}">${text('nextPage')}</a></p>`}`,
        session,
      );
    }),
  );

  app.get(
    `${CONSOLE_PATH}/orders/:id`,
    guarded(deps, async (request, reply, session) => {
      const { id } = request.params as { id: string };
      const story = await deps.orders.story(session.operator, id);
      const resultKey = session.fields.result;
      const entry =
        resultKey === undefined ? undefined : story.actions.find((action) => action.id === resultKey);
      const notice =
        entry === undefined
          ? undefined
          : entry.outcome === 'done'
            ? html`<p class="notice" role="status">${text('done')}</p>`
            : html`<p class="notice error" role="alert">${entry.outcome}</p>`;
      await consolePage(
        reply,
        `Order ${story.order.order_number}`,
        storyBody(story, session.operator, notice),
        session,
      );
    }),
  );

  app.get(
    `${CONSOLE_PATH}/orders/:id/confirm`,
    guarded(deps, async (request, reply, session) => {
      const { id } = request.params as { id: string };
      const order = await deps.actions.order(session.operator, id);
      const action = session.fields.action;
      if (!isAction(action)) throw new ConsoleNotFound(String(action));
      const side: MovementSide =
        session.fields.side === 'dcc' && order.dcc_currency !== null ? 'dcc' : 'original';
      const currency = side === 'dcc' && order.dcc_currency !== null ? order.dcc_currency : order.currency;
      const amountMinor =
        session.fields.amount === undefined ? undefined : minorUnits(session.fields.amount, currency);
      const needsAmount = action === 'capture' || action === 'reverse' || action === 'refund';
      if (needsAmount && amountMinor === undefined) {
        const body = html`<p class="notice error" role="alert">
            "${session.fields.amount ?? ''}" is not an amount in ${currencyName(currency)}.
          </p>
          <p><a href="${CONSOLE_PATH}/orders/${order.id}">Back to the order</a></p>`;
        await consolePage(reply, 'Confirm', body, session, 400);
        return;
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
    }),
  );

  app.post(
    `${CONSOLE_PATH}/orders/:id/act`,
    guarded(deps, async (request, reply, session) => {
      const { id } = request.params as { id: string };
      const result = await act(deps, session, id);
      if (result.outcome === 'duplicate') {
        const story = await deps.orders.story(session.operator, id);
        await consolePage(
          reply,
          `Order ${story.order.order_number}`,
          storyBody(story, session.operator, actionNotice(result)),
          session,
        );
        return;
      }
      await reply
        .code(303)
        .header('location', `${CONSOLE_PATH}/orders/${id}?result=${result.auditId}`)
        .send();
    }),
  );
}

async function act(deps: ConsoleDeps, session: ConsoleRequest, orderId: string): Promise<ActionResult> {
  const { fields, operator } = session;
  const request = { operator, key: fields.key ?? '' };
  const amount = /^\d{1,15}$/.test(fields.amount ?? '') ? Number(fields.amount) : 0;
  const side: MovementSide = fields.side === 'dcc' ? 'dcc' : 'original';
  const action = fields.action;
  if (!isAction(action)) throw new ConsoleNotFound(String(action));
  switch (action) {
    case 'capture':
      return deps.actions.capture(request, orderId, amount, side);
    case 'reverse':
      return deps.actions.reverse(request, orderId, amount, side);
    case 'refund':
      return deps.actions.refund(request, orderId, amount, side);
    case 'decline':
      return deps.actions.decline(request, orderId);
    case 'replay':
      await deps.actions.order(operator, orderId);
      return deps.actions.replayCallback(request, fields.callback ?? '');
    case 'resolve':
      return deps.actions.resolveStep(request, orderId, fields.step ?? '', fields.note ?? '');
  }
}
