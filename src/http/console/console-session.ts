import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Operator } from '../../services/console/operator.js';
import type { OperatorSessions } from '../../services/console/operator-sessions.js';
import { newToken } from '../../security/token-hash.js';

export const SESSION_COOKIE = 'gatehouse_console';
export const CONSOLE_PATH = '/console';

export const LOGIN_COOKIE = 'gatehouse_console_login';

/** The value of cookie `name` in the request's cookie header, if any. */
function cookieValue(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const [found, ...value] = part.trim().split('=');
    if (found === name) return value.join('=');
  }
  return undefined;
}

/** The session token from the request's cookie header, if any. */
export function sessionToken(request: FastifyRequest): string | undefined {
  return cookieValue(request, SESSION_COOKIE);
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The login form's token. Before a session there is no session secret to derive it from, so the
 * login page sets a random cookie of its own (SameSite=Strict, HttpOnly) and the form carries a
 * digest of it: a page of another site can neither send the cookie nor know the digest, so it
 * cannot log a browser in to an account of its choosing (login CSRF). The cookie is kept when the
 * browser has one already, so two open login tabs both work.
 */
export function loginFormToken(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const given = cookieValue(request, LOGIN_COOKIE);
  const value = given !== undefined && TOKEN.test(given) ? given : newToken();
  if (value !== given) {
    const attributes = [`Path=${CONSOLE_PATH}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])];
    void reply.header('set-cookie', `${LOGIN_COOKIE}=${value}; ${attributes.join('; ')}`);
  }
  return formDigest(value, 'gatehouse console login form');
}

/** Whether the login form's token is the digest of the browser's login cookie. */
export function loginTokenValid(request: FastifyRequest, given: string | undefined): boolean {
  const value = cookieValue(request, LOGIN_COOKIE);
  if (value === undefined || !TOKEN.test(value)) return false;
  return sameText(formDigest(value, 'gatehouse console login form'), given);
}

function formDigest(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(purpose).digest('base64url');
}

function sameText(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const wanted = Buffer.from(expected);
  const actual = Buffer.from(given);
  return actual.length === wanted.length && timingSafeEqual(actual, wanted);
}

/**
 * The session cookie: HttpOnly (no script reads it), SameSite=Strict (no other site's page sends
 * it), Secure when the gateway's public address is https, limited to the console's paths.
 */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  const attributes = [`Path=${CONSOLE_PATH}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])];
  void reply.header('set-cookie', `${SESSION_COOKIE}=${token}; ${attributes.join('; ')}`);
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  const attributes = [
    `Path=${CONSOLE_PATH}`,
    'HttpOnly',
    'SameSite=Strict',
    'Max-Age=0',
    ...(secure ? ['Secure'] : []),
  ];
  void reply.header('set-cookie', `${SESSION_COOKIE}=; ${attributes.join('; ')}`);
}

/**
 * The form token of a session: derived from the session's secret, so nothing more is stored, and
 * no page of another origin can know it (SameSite is the first line, this the second).
 */
export function csrfToken(token: string): string {
  return formDigest(token, 'gatehouse console form');
}

export function csrfValid(token: string, given: string | undefined): boolean {
  return sameText(csrfToken(token), given);
}

/** The operator of the request's session, with its token; undefined when there is none. */
export async function operatorOf(
  request: FastifyRequest,
  sessions: OperatorSessions,
): Promise<{ operator: Operator; token: string } | undefined> {
  const token = sessionToken(request);
  if (token === undefined || !TOKEN.test(token)) return undefined;
  const operator = await sessions.resume(token);
  return operator === undefined ? undefined : { operator, token };
}
