import type { FastifyReply, FastifyRequest } from 'fastify';
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
 * The console's guard, apart from the registrar (console-routes.ts) so that the page modules it
 * registers import the guard without importing their registrar: no circle.
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
