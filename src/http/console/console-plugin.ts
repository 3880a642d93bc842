import type { FastifyPluginAsync, FastifyPluginCallback, FastifyReply } from 'fastify';
import { formFields } from '../pages/form-fields.js';
import { html } from '../pages/html.js';
import { auditPage } from './audit-page.js';
import { registerChartAsset } from './chart-asset.js';
import { guardConsole, type ConsoleDeps } from './console-guard.js';
import { consolePage } from './console-layout.js';
import {
  clearSessionCookie,
  CONSOLE_PATH,
  loginFormToken,
  loginTokenValid,
  setSessionCookie,
} from './console-session.js';
import { text } from './console-text.js';
import { merchantAdminPages } from './merchant-pages.js';
import { orderExports } from './order-export-routes.js';
import { orderPages } from './order-pages.js';
import { sandboxPage } from './sandbox-page.js';
import { overviewPage } from './overview-page.js';

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

/** The pages anyone reaches: the console's address, its login, and the chart script. */
const publicPages: FastifyPluginCallback<ConsoleDeps> = (app, deps, done) => {
  // '' is the prefix itself: /console, never /console/ (the route table stays as the spec's).
  app.get('', async (_request, reply) => {
    await reply.code(303).header('location', `${CONSOLE_PATH}/orders`).send();
  });
  app.get('/login', async (request, reply) =>
    loginPage(reply, 200, loginFormToken(request, reply, deps.secureCookies)),
  );
  app.post('/login', async (request, reply) => {
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
  registerChartAsset(app);
  done();
};

/** The pages behind a session: the guard's hook runs before each of their handlers. */
const guardedPages: FastifyPluginAsync<ConsoleDeps> = async (app, deps) => {
  guardConsole(app, deps);
  app.post('/logout', async (request, reply) => {
    await deps.sessions.logout(request.consoleSession.sessionToken);
    clearSessionCookie(reply, deps.secureCookies);
    await reply.code(303).header('location', `${CONSOLE_PATH}/login`).send();
  });
  await app.register(orderPages, deps);
  await app.register(orderExports, deps);
  await app.register(auditPage, deps);
  if (deps.sandbox.enabled) await app.register(sandboxPage, deps);
  await app.register(merchantAdminPages, deps);
  await app.register(overviewPage, deps);
};

/**
 * The operator console (issue 27), registered under CONSOLE_PATH: its public pages beside the
 * guarded ones, two sibling plugins so that the guard's hook never sees the login.
 */
export const consolePlugin: FastifyPluginAsync<ConsoleDeps> = async (app, options) => {
  // The register options hold the prefix too: handed on to the children, it would apply twice.
  const deps: ConsoleDeps & { prefix?: string } = { ...options };
  delete deps.prefix;
  await app.register(publicPages, deps);
  await app.register(guardedPages, deps);
};
