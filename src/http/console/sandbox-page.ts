import { randomUUID } from 'node:crypto';
import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import type { ActionResult } from '../../services/console/console-actions.js';
import type {
  ClockAdvanced,
  ClockAdvanceResult,
  ConsoleSandbox,
  MerchantClock,
  TestCardView,
} from '../../services/console/console-sandbox.js';
import { ConsoleNotFound } from '../../services/console/operator.js';
import { html, type Html } from '../pages/html.js';
import { actionNotice, consolePage } from './console-layout.js';
import type { ConsoleDeps, ConsoleRequest } from './console-guard.js';
import { within } from '../route-prefix.js';
import { CONSOLE_PATH } from './console-session.js';
import { currencyName } from './console-text.js';
import { timeHtml } from './local-time.js';

const SANDBOX_PATH = `${CONSOLE_PATH}/sandbox`;

async function act(deps: ConsoleDeps, session: ConsoleRequest): Promise<ClockAdvanceResult> {
  const { fields, operator } = session;
  if (fields.tool === 'advanceClock') {
    return deps.sandbox.advanceClock(
      { operator, key: fields.key ?? '' },
      (fields.merchantId ?? '').trim(),
      (fields.by ?? '').trim(),
    );
  }
  return { result: await actOnOrderOrRate(deps, session) };
}

async function actOnOrderOrRate(deps: ConsoleDeps, session: ConsoleRequest): Promise<ActionResult> {
  const { fields, operator } = session;
  const request = { operator, key: fields.key ?? '' };
  const orderId = (fields.orderId ?? '').trim();
  const tool = fields.tool;
  if (tool !== 'pay' && tool !== 'expire' && tool !== 'automatic' && tool !== 'rate')
    throw new ConsoleNotFound(String(tool));
  switch (tool) {
    case 'pay':
      return deps.sandbox.payWith(
        request,
        orderId,
        /^\d{1,3}$/.test(fields.card ?? '') ? Number(fields.card) : -1,
      );
    case 'expire':
      return deps.sandbox.expireNow(request, orderId);
    case 'automatic':
      return deps.sandbox.runAutomaticAction(request, orderId);
    case 'rate':
      return deps.sandbox.setRate(request, {
        from: (fields.from ?? '').trim(),
        to: (fields.to ?? '').trim(),
        rate: (fields.rate ?? '').trim(),
        ...(fields.markup === undefined || fields.markup.trim() === ''
          ? {}
          : { markup: fields.markup.trim() }),
      });
  }
}

/** The rates as the sandbox service reads them (their row type stays below the HTTP layer). */
type SandboxRates = Awaited<ReturnType<ConsoleSandbox['rates']>>;

/** A tool's form: posts to the page with the session's form token and a fresh key. */
type ToolForm = (tool: string, label: string, inner: Html) => Html;

function toolForm(session: ConsoleRequest): ToolForm {
  return (tool, label, inner) =>
    html`<form method="post" action="${SANDBOX_PATH}">
      <input type="hidden" name="csrf" value="${session.csrf}" />
      <input type="hidden" name="key" value="${randomUUID()}" />
      <input type="hidden" name="tool" value="${tool}" />
      ${inner}
      <button type="submit">${label}</button>
    </form>`;
}

function paySection(cards: readonly TestCardView[], form: ToolForm, orderField: Html): Html {
  return html`<section aria-labelledby="pay">
    <h2 id="pay">Pay an order with a test card</h2>
    <p>
      Pays a registered order at once, without 3-D Secure (as for a merchant with sslOnly); the issuer answers
      as the card says. Any future expiry and the CVC 123 are used.
    </p>
    <div class="actions">
      ${form(
        'pay',
        'Pay…',
        html`${orderField}<label
            >Test card
            <select name="card">
              ${cards.map(
                (card) =>
                  html`<option value="${card.index}">
                    ${card.masked}: ${card.issuer}, 3DS ${card.threeDS}
                  </option>`,
              )}
            </select></label
          >`,
      )}
    </div>
    <table>
      <caption>
        The test cards (test-cards.md)
      </caption>
      <thead>
        <tr>
          <th scope="col">Card</th>
          <th scope="col">Issuer</th>
          <th scope="col">3-D Secure</th>
          <th scope="col">Billing</th>
        </tr>
      </thead>
      <tbody>
        ${cards.map(
          (card) =>
            html`<tr>
              <td>${card.masked}</td>
              <td>${card.issuer}</td>
              <td>${card.threeDS}</td>
              <td>${card.billing}</td>
            </tr>`,
        )}
      </tbody>
    </table>
  </section>`;
}

function clockSection(form: ToolForm, orderField: Html): Html {
  return html`<section aria-labelledby="clock">
    <h2 id="clock">The clock of an order</h2>
    <div class="actions">
      ${form('expire', 'Expire now', orderField)}
      ${form('automatic', 'Run its automatic capture or reversal now', orderField)}
    </div>
  </section>`;
}

const EVENT_WORDS = {
  expired: 'expired (its session ended)',
  completed: 'completed automatically',
  reversed: 'reversed automatically',
} as const;

function advancedList(advanced: ClockAdvanced): Html {
  return html`<div id="clock-advanced" role="status">
    <p>The clock moved from ${timeHtml(advanced.fromMs)} to ${timeHtml(advanced.toMs)}.</p>
    ${
      advanced.events.length === 0
        ? html`<p>Nothing became due on the way.</p>`
        : html`<ol>
            ${advanced.events.map(
              (event) =>
                html`<li>
                  ${timeHtml(event.atMs)}:
                  ${
                    event.what === 'callback'
                      ? html`a callback:
                        ${event.outcome === 'done' ? 'delivered' : event.outcome === 'retry' ? 'failed, to be retried' : 'given up on'}`
                      : html`order
                          <a href="${CONSOLE_PATH}/orders/${event.orderId}">${event.orderNumber}</a>
                          ${EVENT_WORDS[event.what]}`
                  }
                </li>`,
            )}
          </ol>`
    }
    ${
      advanced.moreDue
        ? html`<p>More became due than one advance runs: the jobs take the rest on the merchant's clock.</p>`
        : ''
    }
  </div>`;
}

function testClocksSection(clocks: readonly MerchantClock[], form: ToolForm, advanced?: ClockAdvanced): Html {
  const moved = clocks.filter((merchant) => merchant.clock.offsetMs > 0);
  return html`<section aria-labelledby="test-clocks">
    <h2 id="test-clocks">Test clocks</h2>
    <p>
      A merchant's clock moves forward only: what became due on the way (expiries, automatic captures and
      reversals, callbacks) runs before the page answers, in time order. The money engine's own deadlines stay
      on real time.
    </p>
    ${advanced === undefined ? '' : advancedList(advanced)}
    ${
      moved.length === 0
        ? html`<p>Every merchant's clock is on real time.</p>`
        : html`<table>
            <caption>
              Clocks moved ahead of real time
            </caption>
            <thead>
              <tr>
                <th scope="col">Merchant</th>
                <th scope="col">Its clock now</th>
              </tr>
            </thead>
            <tbody>
              ${moved.map(
                (merchant) =>
                  html`<tr>
                    <td>${merchant.login}</td>
                    <td>${timeHtml(merchant.clock.nowMs)}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`
    }
    <div class="actions">
      ${form(
        'advanceClock',
        'Advance',
        html`<label
            >Merchant
            <select name="merchantId" required>
              ${clocks.map((merchant) => html`<option value="${merchant.merchantId}">${merchant.login}</option>`)}
            </select></label
          >
          <label
            >By (7d, 36h, 1d12h, 90m, 2w)
            <input name="by" required value="7d" pattern="([0-9]{1,6}[wdhms])+" />
          </label>`,
      )}
    </div>
  </section>`;
}

function ratesSection(rates: SandboxRates, form: ToolForm): Html {
  return html`<section aria-labelledby="rates">
    <h2 id="rates">DCC rates</h2>
    <table>
      <thead>
        <tr>
          <th scope="col">From</th>
          <th scope="col">To</th>
          <th scope="col">Rate</th>
          <th scope="col">Markup %</th>
        </tr>
      </thead>
      <tbody>
        ${rates.map(
          (rate) =>
            html`<tr>
              <td>${currencyName(rate.from_currency)}</td>
              <td>${currencyName(rate.to_currency)}</td>
              <td>${rate.rate}</td>
              <td>${rate.markup_percent}</td>
            </tr>`,
        )}
      </tbody>
    </table>
    <div class="actions">
      ${form(
        'rate',
        'Set the rate',
        html`<label>From (numeric, 978) <input name="from" required pattern="[0-9]{3}" /></label>
          <label>To (numeric, 840) <input name="to" required pattern="[0-9]{3}" /></label>
          <label>Rate <input name="rate" required inputmode="decimal" /></label>
          <label>Markup % <input name="markup" inputmode="decimal" /></label>`,
      )}
    </div>
  </section>`;
}

async function show(
  deps: ConsoleDeps,
  reply: FastifyReply,
  session: ConsoleRequest,
  acted?: ClockAdvanceResult,
) {
  const result = acted?.result;
  const form = toolForm(session);
  const orderField = html`<label
    >Gatehouse order id <input name="orderId" required value="${session.fields.orderId ?? ''}"
  /></label>`;
  await consolePage(
    reply,
    'Sandbox',
    html`<h1>Sandbox</h1>
      ${result === undefined ? '' : actionNotice(result)}
      <p>Tools of the sandbox world; they do not exist under <code>GATEHOUSE_ENV=production</code>.</p>
      ${paySection(deps.sandbox.cards(session.operator), form, orderField)} ${clockSection(form, orderField)}
      ${testClocksSection(await deps.sandbox.merchantClocks(session.operator), form, acted?.advanced)}
      ${ratesSection(await deps.sandbox.rates(session.operator), form)}`,
    session,
  );
}

/** The sandbox tools page (absent under GATEHOUSE_ENV=production: 404 like any unknown page). */
export const sandboxPage: FastifyPluginCallback<ConsoleDeps> = (app, deps, done) => {
  const path = within(app.prefix, SANDBOX_PATH);
  app.get(path, (request, reply) => show(deps, reply, request.consoleSession));
  app.post(path, async (request, reply) =>
    show(deps, reply, request.consoleSession, await act(deps, request.consoleSession)),
  );
  done();
};
