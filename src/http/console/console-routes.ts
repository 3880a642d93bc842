import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { roleHas } from '../../domain/operator-roles.js';
import type { ConsoleActions } from '../../services/console/console-actions.js';
import type { ConsoleExports } from '../../services/console/console-exports.js';
import type { ConsoleSandbox } from '../../services/console/console-sandbox.js';
import type { ConsoleMerchants } from '../../services/console/console-merchants.js';
import type { ConsoleOrders } from '../../services/console/console-orders.js';
import type { ConsoleOverview } from '../../services/console/console-overview.js';
import { ConsoleForbidden, ConsoleNotFound, type Operator } from '../../services/console/operator.js';
import type { OperatorSessions } from '../../services/console/operator-sessions.js';
import type { RefusedAttempts } from '../../services/console/refused-attempts.js';
import { formFields } from '../pages/form-fields.js';
import { html } from '../pages/html.js';
import { registerAuditPage } from './audit-page.js';
import { consolePage } from './console-layout.js';
import {
  clearSessionCookie,
  CONSOLE_PATH,
  csrfToken,
  csrfValid,
  loginFormToken,
  loginTokenValid,
  operatorOf,
  setSessionCookie,
} from './console-session.js';
import { text } from './console-text.js';
import { registerMerchantAdminPages } from './merchant-pages.js';
import { registerOrderExports } from './order-export-routes.js';
import { registerOrderPages } from './order-pages.js';
import { registerSandboxPage } from './sandbox-page.js';
import { registerOverviewPage } from './overview-page.js';

export interface ConsoleDeps {
  readonly sessions: OperatorSessions;
  readonly orders: ConsoleOrders;
  readonly actions: ConsoleActions;
  readonly sandbox: ConsoleSandbox;
  readonly merchants: ConsoleMerchants;
  readonly overview: ConsoleOverview;
  readonly refusedAttempts: RefusedAttempts;
  readonly exports: ConsoleExports;
  /** The public address is https: the session cookie is Secure. */
  readonly secureCookies: boolean;
}

/** A console request that passed its session (and, for a post, its form token). */
export interface ConsoleRequest {
  readonly operator: Operator;
  /** The form token every form of the page carries. */
  readonly csrf: string;
  /** The sandbox tools are on and the operator may use them (the nav shows them). */
  readonly sandbox: boolean;
  /** The session's own token (the cookie), for ending it. */
  readonly sessionToken: string;
  readonly fields: Record<string, string>;
}

export type ConsoleHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
  session: ConsoleRequest,
) => Promise<void>;

/** Wraps a page: to the login without a session; a post needs the session's form token. */
export function guarded(deps: ConsoleDeps, handler: ConsoleHandler) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const found = await operatorOf(request, deps.sessions);
    if (found === undefined) {
      await reply.code(303).header('location', `${CONSOLE_PATH}/login`).send();
      return;
    }
    const fields = formFields(request);
    const csrf = csrfToken(found.token);
    const sandbox = deps.sandbox.enabled && roleHas(found.operator.role, 'sandbox.use');
    const session = { operator: found.operator, csrf, sandbox };
    if (request.method === 'POST' && !csrfValid(found.token, fields.csrf)) {
      await deps.refusedAttempts.csrf(found.operator, request.url.split('?')[0] ?? '');
      await consolePage(
        reply,
        text('csrf'),
        html`<p class="notice error" role="alert">${text('csrf')}</p>`,
        session,
        403,
      );
      return;
    }
    try {
      await handler(request, reply, { ...session, fields, sessionToken: found.token });
    } catch (error) {
      if (error instanceof ConsoleForbidden) {
        await deps.refusedAttempts.forbidden(found.operator, error);
        await consolePage(
          reply,
          text('forbidden'),
          html`<p class="notice error" role="alert">${text('forbidden')}</p>`,
          session,
          403,
        );
        return;
      }
      if (error instanceof ConsoleNotFound) {
        await consolePage(
          reply,
          text('notFound'),
          html`<p class="notice error" role="alert">${text('notFound')}</p>`,
          session,
          404,
        );
        return;
      }
      throw error;
    }
  };
}

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
