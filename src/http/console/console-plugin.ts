import type { FastifyInstance, FastifyReply } from 'fastify';
import { formFields } from '../pages/form-fields.js';
import { html } from '../pages/html.js';
import { registerAuditPage } from './audit-page.js';
import { guarded, type ConsoleDeps } from './console-guard.js';
import { consolePage } from './console-layout.js';
import {
  clearSessionCookie,
  CONSOLE_PATH,
  loginFormToken,
  loginTokenValid,
  setSessionCookie,
} from './console-session.js';
import { text } from './console-text.js';
import { registerMerchantAdminPages } from './merchant-pages.js';
import { registerOrderExports } from './order-export-routes.js';
import { registerOrderPages } from './order-pages.js';
import { registerSandboxPage } from './sandbox-page.js';
import { registerOverviewPage } from './overview-page.js';

async function loginPage(
  reply: FastifyReply,
  status: number,
  csrf: string,
  notice?: string,
  email = '',
  askCode = false,
): Promise<void> {
  await consolePage(
    reply,
    text('login'),
    html`<form class="login" method="post" action="${CONSOLE_PATH}/login">
      <h1>${text('title')}</h1>
      ${notice === undefined ? '' : html`<p class="notice error" role="alert">${notice}</p>`}
      <input type="hidden" name="csrf" value="${csrf}" />
      <label
        >${text('email')} <input name="email" type="email" autocomplete="username" required value="${email}"
      /></label>
      <label
        >${text('password')} <input name="password" type="password" autocomplete="current-password" required
      /></label>
      <label
        >${text('code')}
        <input
          name="code"
          inputmode="numeric"
          autocomplete="one-time-code"
          pattern="[0-9]{6}"
          ${askCode ? html`required autofocus` : ''}
      /></label>
      <button type="submit">${text('login')}</button>
    </form>`,
    undefined,
    status,
  );
}

/** The operator console under /console (issue 27). */
export function registerConsole(app: FastifyInstance, deps: ConsoleDeps): void {
  app.get(CONSOLE_PATH, async (_request, reply) => {
    await reply.code(303).header('location', `${CONSOLE_PATH}/orders`).send();
  });
  app.get(`${CONSOLE_PATH}/login`, async (request, reply) =>
    loginPage(reply, 200, loginFormToken(request, reply, deps.secureCookies)),
  );
  app.post(`${CONSOLE_PATH}/login`, async (request, reply) => {
    const fields = formFields(request);
    const email = fields.email ?? '';
    const csrf = loginFormToken(request, reply, deps.secureCookies);
    if (!loginTokenValid(request, fields.csrf)) return loginPage(reply, 403, csrf, text('csrf'), email);
    const result = await deps.sessions.login(email, fields.password ?? '', fields.code, request.ip);
    if ('token' in result) {
      setSessionCookie(reply, result.token, deps.secureCookies);
      await reply.code(303).header('location', `${CONSOLE_PATH}/orders`).send();
      return;
    }
    if (result.reason === 'throttled')
      return loginPage(
        reply.header('retry-after', String(result.seconds)),
        429,
        csrf,
        text('throttled', { seconds: result.seconds }),
        email,
      );
    if (result.reason === 'codeRequired')
      return loginPage(reply, 401, csrf, text('codeRequired'), email, true);
    return loginPage(reply, 401, csrf, text('denied'), email);
  });
  app.post(
    `${CONSOLE_PATH}/logout`,
    guarded(deps, async (_request, reply, session) => {
      await deps.sessions.logout(session.sessionToken);
      clearSessionCookie(reply, deps.secureCookies);
      await reply.code(303).header('location', `${CONSOLE_PATH}/login`).send();
    }),
  );
  registerOrderPages(app, deps);
  registerOrderExports(app, deps);
  registerAuditPage(app, deps);
  if (deps.sandbox.enabled) registerSandboxPage(app, deps);
  registerMerchantAdminPages(app, deps);
  registerOverviewPage(app, deps);
}
