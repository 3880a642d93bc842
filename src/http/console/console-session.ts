import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Operator } from '../../services/console/operator.js';
import type { OperatorSessions } from '../../services/console/operator-sessions.js';

export const SESSION_COOKIE = 'gatehouse_console';
export const CONSOLE_PATH = '/console';

/** The session token from the request's cookie header, if any. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value.join('=');
  }
  return undefined;
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
  return createHmac('sha256', token).update('gatehouse console form').digest('base64url');
}

export function csrfValid(token: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const expected = Buffer.from(csrfToken(token));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The operator of the request's session, with its token; undefined when there is none. */
export async function operatorOf(
  request: FastifyRequest,
  sessions: OperatorSessions,
): Promise<{ operator: Operator; token: string } | undefined> {
  const token = sessionToken(request);
  if (token === undefined || !/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const operator = await sessions.resume(token);
  return operator === undefined ? undefined : { operator, token };
}
