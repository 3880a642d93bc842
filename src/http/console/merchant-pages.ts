import { randomUUID } from 'node:crypto';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { ConsoleNotFound } from '../../services/console/operator.js';
import { html, type Html } from '../pages/html.js';
import { outcomeText } from './audit-outcome.js';
import { consolePage } from './console-layout.js';
import type { ConsoleDeps } from './console-guard.js';
import { text } from './console-text.js';
import { CHANGE_TITLES, changeOf, consequence, isChangeKind } from './merchant-change-forms.js';
import { changeDialogScript } from './merchant-dialog.js';
import { editBody, EDIT_FORMS, isEditFormName } from './merchant-edit-forms.js';
import { shownOncePage, walletKeyPage } from './merchant-results.js';
import { within } from '../route-prefix.js';
import { MERCHANTS_PATH, merchantPath } from './merchant-path.js';
import { merchantBody, merchantTable } from './merchant-views.js';

function hidden(name: string, value: string): Html {
  return html`<input type="hidden" name="${name}" value="${value}" />`;
}

async function merchantList(deps: ConsoleDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const session = request.consoleSession;
  const rows = await deps.merchants.list(session.operator);
  await consolePage(
    reply,
    text('merchants'),
    html`<h1>${text('merchants')}</h1>
      ${merchantTable(rows)}`,
    session,
  );
}

async function merchantPage(deps: ConsoleDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const session = request.consoleSession;
  const { login } = request.params as { login: string };
  const page = await deps.merchants.page(session.operator, login);
  const resultKey = session.fields.result;
  const entry =
    resultKey === undefined ? undefined : await deps.merchants.outcome(session.operator, login, resultKey);
  const notice =
    entry === undefined
      ? undefined
      : entry.outcome === 'done'
        ? html`<p class="notice" role="status">${text('done')}</p>`
        : html`<p class="notice error" role="alert">${outcomeText(entry)}</p>`;
  await consolePage(
    reply,
    `Merchant ${login}`,
    merchantBody(page, session.operator, notice),
    session,
    200,
    changeDialogScript(),
  );
}

/** A change's form: in the merchant page's dialog, or as this page without JavaScript. */
async function changeForm(deps: ConsoleDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const session = request.consoleSession;
  const { login } = request.params as { login: string };
  const summary = await deps.merchants.forChange(session.operator, login);
  const name = session.fields.form;
  if (!isEditFormName(name)) throw new ConsoleNotFound(String(name));
  await consolePage(
    reply,
    EDIT_FORMS[name].title,
    editBody(name, summary),
    session,
    200,
    changeDialogScript(),
  );
}

async function walletKey(deps: ConsoleDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const session = request.consoleSession;
  const { login, id } = request.params as { login: string; id: string };
  const parts = await deps.merchants.walletKey(session.operator, login, id);
  await consolePage(reply, `Wallet key of ${login}`, walletKeyPage(login, parts), session);
}

async function confirmChange(deps: ConsoleDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const session = request.consoleSession;
  const { login } = request.params as { login: string };
  const summary = await deps.merchants.forChange(session.operator, login);
  const kind = session.fields.action;
  if (!isChangeKind(kind)) throw new ConsoleNotFound(String(kind));
  const asked = changeOf(kind, session.fields, summary);
  if (typeof asked === 'string') {
    const body = html`<div id="change">
      <h1>${CHANGE_TITLES[kind]} for ${login}</h1>
      <p class="notice error" role="alert">${CHANGE_TITLES[kind]}: ${asked}.</p>
      <p><a href="${merchantPath(login)}" data-close>Back to ${login}</a></p>
    </div>`;
    await consolePage(reply, 'Confirm', body, session, 400);
    return;
  }
  await consolePage(
    reply,
    'Confirm',
    html`<div id="change">
      <h1>Confirm: ${CHANGE_TITLES[kind]} for ${login}</h1>
      ${consequence(asked, summary)}
      <form method="post" action="${merchantPath(login)}/act">
        ${hidden('csrf', session.csrf)} ${hidden('key', randomUUID())} ${hidden('action', kind)}
        ${Object.entries(asked.fields).map(([name, value]) => hidden(name, value))}
        <div class="buttons">
          <button type="submit">${text('confirm')}</button>
          <a href="${merchantPath(login)}" data-close>${text('cancel')}</a>
        </div>
      </form>
    </div>`,
    session,
  );
}

async function takeChange(deps: ConsoleDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const session = request.consoleSession;
  const { login } = request.params as { login: string };
  const kind = session.fields.action;
  if (!isChangeKind(kind)) throw new ConsoleNotFound(String(kind));
  const asked = changeOf(kind, session.fields);
  if (typeof asked === 'string') {
    await consolePage(
      reply,
      'Refused',
      html`<p class="notice error" role="alert">${CHANGE_TITLES[kind]}: ${asked}.</p>`,
      session,
      400,
    );
    return;
  }
  const action = { operator: session.operator, key: session.fields.key ?? '' };
  const { result, shown } = await deps.merchants.change(action, login, asked.change);
  if (result.outcome === 'duplicate') {
    await consolePage(
      reply,
      `Merchant ${login}`,
      html`<p class="notice" role="status">${text('duplicate')}</p>
        <p><a href="${merchantPath(login)}?result=${result.auditId}">Back to ${login}</a></p>`,
      session,
    );
    return;
  }
  // A secret is answered here and now: it is kept nowhere a redirect could fetch it from.
  if (shown !== undefined) {
    await consolePage(reply, CHANGE_TITLES[kind], shownOncePage(login, shown), session);
    return;
  }
  await reply
    .code(303)
    .header('location', `${merchantPath(login)}?result=${result.auditId}`)
    .send();
}

/**
 * The merchants' pages (issue 27, part 4): the list, a merchant's page, and its changes, each
 * asked for by a form, confirmed on a page that says what will change, and taken once.
 */
export const merchantAdminPages: FastifyPluginCallback<ConsoleDeps> = (app, deps, done) => {
  app.get(within(app.prefix, MERCHANTS_PATH), (request, reply) => merchantList(deps, request, reply));
  app.get(within(app.prefix, `${MERCHANTS_PATH}/:login`), (request, reply) =>
    merchantPage(deps, request, reply),
  );
  app.get(within(app.prefix, `${MERCHANTS_PATH}/:login/edit`), (request, reply) =>
    changeForm(deps, request, reply),
  );
  app.get(within(app.prefix, `${MERCHANTS_PATH}/:login/wallet-keys/:id`), (request, reply) =>
    walletKey(deps, request, reply),
  );
  app.get(within(app.prefix, `${MERCHANTS_PATH}/:login/confirm`), (request, reply) =>
    confirmChange(deps, request, reply),
  );
  app.post(within(app.prefix, `${MERCHANTS_PATH}/:login/act`), (request, reply) =>
    takeChange(deps, request, reply),
  );
  done();
};
