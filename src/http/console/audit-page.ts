import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { html } from '../pages/html.js';
import { outcomeText } from './audit-outcome.js';
import { consolePage } from './console-layout.js';
import type { ConsoleDeps } from './console-guard.js';
import { CONSOLE_PATH } from './console-session.js';
import { money, text, when } from './console-text.js';

async function auditLog(deps: ConsoleDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const session = request.consoleSession;
  const given = (name: string) => {
    const value = session.fields[name]?.trim();
    return value === undefined || value === '' ? undefined : value.slice(0, 255);
  };
  const operatorEmail = given('operator');
  const action = given('action');
  const orderId = given('order');
  const before = /^(\d{1,15})_([0-9a-f-]{36})$/.exec(given('before') ?? '');
  const entries = await deps.orders.auditLog(session.operator, {
    ...(operatorEmail === undefined ? {} : { operatorEmail: operatorEmail.toLowerCase() }),
    ...(action === undefined ? {} : { action }),
    ...(orderId === undefined ? {} : { orderId }),
    ...(before === null ? {} : { before: { atMs: Number(before[1]), id: before[2] ?? '' } }),
  });
  const last = entries.at(-1);
  const field = (name: string, label: string) =>
    html`<label>${label} <input name="${name}" value="${session.fields[name] ?? ''}" /></label>`;
  await consolePage(
    reply,
    text('audit'),
    html`<h1>${text('audit')}</h1>
      <form class="filters" method="get" action="${CONSOLE_PATH}/audit" role="search">
        ${field('operator', 'Operator email')} ${field('action', 'Action')} ${field('order', 'Order id')}
        <button type="submit">${text('filter')}</button>
      </form>
      <table>
        <thead>
          <tr>
            <th scope="col">When (UTC)</th>
            <th scope="col">Operator</th>
            <th scope="col">Action</th>
            <th scope="col">Merchant</th>
            <th scope="col">Order number</th>
            <th scope="col">Amount</th>
            <th scope="col">Outcome</th>
          </tr>
        </thead>
        <tbody>
          ${entries.map(
            (entry) =>
              html`<tr>
                <td>${when(entry.at_ms)}</td>
                <td>${entry.operator_email}</td>
                <td>${entry.action}</td>
                <td>${entry.merchant_login ?? entry.merchant_id ?? ''}</td>
                <td>
                  ${entry.order_id === null ? '' : html`<a href="${CONSOLE_PATH}/orders/${entry.order_id}">${entry.order_number ?? entry.order_id}</a>`}
                </td>
                <td>${money(entry.amount_minor, entry.currency)}</td>
                <td class="prose">${outcomeText(entry)}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      ${last === undefined || entries.length < 50 ? '' : html`<p><a rel="next" href="${CONSOLE_PATH}/audit?before=${last.at_ms}_${last.id}">Older entries</a></p>`}`,
    session,
  );
}

/** The audit log: every operator action and its outcome, newest first, filterable. */
export const auditPage: FastifyPluginCallback<ConsoleDeps> = (app, deps, done) => {
  app.get('/audit', (request, reply) => auditLog(deps, request, reply));
  done();
};
