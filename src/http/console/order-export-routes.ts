import type { ConsoleOrderSummary, MovementRow } from '../../domain/console-order-views.js';
import { Readable } from 'node:stream';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { currencyByNumeric } from '../../domain/currencies.js';
import type { ExportBatch, ExportKind } from '../../services/console/console-exports.js';
import { html } from '../pages/html.js';
import { consolePage } from './console-layout.js';
import type { ConsoleDeps } from './console-guard.js';
import { text } from './console-text.js';
import { csvLine, UTF8_BOM } from './csv.js';
import { orderBadge } from './order-badge.js';
import { orderQueryOf } from './order-filters.js';
import { filterFields } from './order-search.js';

/** Major units as finance reads them, `12.50`, by the currency's exponent; empty without an amount. */
export function majorUnits(minor: number | null, numeric: string | null): string {
  if (minor === null) return '';
  const exponent = (numeric === null ? undefined : currencyByNumeric(numeric))?.exponent ?? 2;
  if (exponent === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

const alpha = (numeric: string | null) =>
  numeric === null ? '' : (currencyByNumeric(numeric)?.alpha ?? numeric);
const utc = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());

const ORDER_HEADER = [
  'order_id',
  'order_number',
  'merchant',
  'created_utc',
  'updated_utc',
  'status',
  'status_code',
  'amount',
  'currency',
  'held',
  'captured',
  'refunded',
  'card',
  'card_network',
  'payment_way',
  'transfer_type',
  'dcc_currency',
  'dcc_amount',
  'email',
  'client_id',
  'rrn',
  'approval_code',
];

function orderCells(order: ConsoleOrderSummary, merchant: string, waiting: boolean) {
  return [
    order.id,
    order.order_number,
    merchant,
    utc(order.created_at_ms),
    utc(order.updated_at_ms),
    text(orderBadge(order, waiting).word),
    order.status,
    majorUnits(order.amount_minor, order.currency),
    alpha(order.currency),
    majorUnits(order.approved_minor, order.currency),
    majorUnits(order.deposited_minor, order.currency),
    majorUnits(order.refunded_minor, order.currency),
    order.card_masked_pan,
    order.card_network,
    order.payment_way,
    order.p2p_type,
    alpha(order.dcc_currency),
    majorUnits(order.dcc_amount_minor, order.dcc_currency),
    order.email,
    order.client_id,
    order.rrn,
    order.approval_code,
  ];
}

const MOVEMENT_HEADER = [
  'order_id',
  'order_number',
  'merchant',
  'movement_id',
  'kind',
  'state',
  'amount',
  'currency',
  'action_code',
  'rrn',
  'approval_code',
  'acquirer_reference',
  'acquirer_auth_reference',
  'created_utc',
  'completed_utc',
];

function movementCells(order: ConsoleOrderSummary, merchant: string, movement: MovementRow) {
  return [
    order.id,
    order.order_number,
    merchant,
    movement.id,
    movement.kind,
    movement.state,
    majorUnits(movement.amount_minor, movement.currency),
    alpha(movement.currency),
    movement.action_code,
    movement.rrn,
    movement.approval_code,
    movement.payment_net_ref_num,
    movement.auth_ref_num,
    utc(movement.created_at_ms),
    utc(movement.completed_at_ms),
  ];
}

/** The file's lines, a batch at a time: the stream asks for the next batch when it has room. */
async function* csvOf(
  kind: ExportKind,
  batches: AsyncIterable<ExportBatch>,
  logins: ReadonlyMap<string, string>,
): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine(kind === 'orders' ? ORDER_HEADER : MOVEMENT_HEADER);
  for await (const batch of batches) {
    let lines = '';
    for (const order of batch.orders) {
      const merchant = logins.get(order.merchant_id) ?? order.merchant_id;
      if (kind === 'orders') lines += csvLine(orderCells(order, merchant, batch.waiting.has(order.id)));
      else
        for (const movement of batch.movements.get(order.id) ?? [])
          lines += csvLine(movementCells(order, merchant, movement));
    }
    yield lines;
  }
}

/** One download: the list's filters and scope, as CSV. */
async function download(deps: ConsoleDeps, kind: ExportKind, request: FastifyRequest, reply: FastifyReply) {
  const session = request.consoleSession;
  const merchants = await deps.orders.merchants(session.operator);
  const { query, problems } = orderQueryOf(session.fields, merchants);
  if (problems.length > 0) {
    await consolePage(
      reply,
      text('orders'),
      html`<p class="notice error" role="alert">Not exported: ${problems.join('; ')}</p>`,
      session,
      400,
    );
    return;
  }
  const asked = Object.fromEntries(filterFields(session.fields));
  const batches = await deps.exports.start(session.operator, kind, query, asked);
  const logins = new Map(merchants.map((merchant) => [merchant.id, merchant.login]));
  const day = new Date().toISOString().slice(0, 10);
  await reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="gatehouse-${kind}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(csvOf(kind, batches, logins)));
}

/** The order list's downloads (issue 43). */
export const orderExports: FastifyPluginCallback<ConsoleDeps> = (app, deps, done) => {
  for (const kind of ['orders', 'movements'] as const) {
    app.get(`/exports/${kind}.csv`, (request, reply) => download(deps, kind, request, reply));
  }
  done();
};
