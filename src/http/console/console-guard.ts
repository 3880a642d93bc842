import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
import { consolePage } from './console-layout.js';
import { CONSOLE_PATH, csrfToken, csrfValid, operatorOf } from './console-session.js';
import { text } from './console-text.js';

/*
 * The console's guard: a preHandler hook and an error handler that the registrar
 * (console-plugin.ts) installs on the plugin holding the pages behind a session. The pages import
 * their types from here, never their registrar: no circle.
 */

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

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The session of a guarded console page, set by the guard before its handler runs. Only the
     * guarded console plugin decorates requests with it (encapsulated): no other route has it.
     */
    consoleSession: ConsoleRequest;
  }
}

/** What the operator's bar needs of a session: the pages of a refusal show no search. */
function barOf(session: ConsoleRequest) {
  return { operator: session.operator, csrf: session.csrf, sandbox: session.sandbox };
}

async function refusalPage(
  reply: FastifyReply,
  session: ConsoleRequest,
  key: 'csrf' | 'forbidden' | 'notFound',
  status: number,
) {
  await consolePage(
    reply,
    text(key),
    html`<p class="notice error" role="alert">${text(key)}</p>`,
    barOf(session),
    status,
  );
}

/** To the login without a session; a post needs the session's form token. */
function authenticate(deps: ConsoleDeps) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const found = await operatorOf(request, deps.sessions);
    if (found === undefined) return reply.code(303).header('location', `${CONSOLE_PATH}/login`).send();
    const session: ConsoleRequest = {
      operator: found.operator,
      csrf: csrfToken(found.token),
      sandbox: deps.sandbox.enabled && roleHas(found.operator.role, 'sandbox.use'),
      sessionToken: found.token,
      fields: formFields(request),
    };
    request.consoleSession = session;
    if (request.method === 'POST' && !csrfValid(found.token, session.fields.csrf)) {
      await deps.refusedAttempts.csrf(found.operator, request.url.split('?')[0] ?? '');
      await refusalPage(reply, session, 'csrf', 403);
      return reply;
    }
    return undefined;
  };
}

/**
 * A page's refusal (forbidden, not found) as a console page; anything else goes on to the app's
 * error handler (a Fastify error handler that throws hands the error to its parent's).
 */
function consoleRefusals(deps: ConsoleDeps) {
  return async (error: FastifyError, request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (error instanceof ConsoleForbidden) {
      await deps.refusedAttempts.forbidden(request.consoleSession.operator, error);
      return refusalPage(reply, request.consoleSession, 'forbidden', 403);
    }
    if (error instanceof ConsoleNotFound) return refusalPage(reply, request.consoleSession, 'notFound', 404);
    throw error;
  };
}

/** Puts the guard on `app` (a plugin's own instance): every route registered in it needs a session. */
export function guardConsole(app: FastifyInstance, deps: ConsoleDeps): void {
  app.decorateRequest('consoleSession', null, []);
  app.addHook('preHandler', authenticate(deps));
  app.setErrorHandler(consoleRefusals(deps));
}
