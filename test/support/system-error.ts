import { REFUSALS } from '../../src/domain/refusals.js';
import { CATALOGUES } from '../../src/i18n/catalogues.js';

/**
 * Recognises Gatehouse's system-error envelope in an answer. It is named by its message, not by
 * errorCode 7 alone: 7 is also the spec's code for "not in the right state", "pending" and "try
 * again shortly", answered with HTTP 200 or 429 and expected by many tests. Gatehouse itself sends
 * the system error with HTTP 500 (REFUSALS.SYSTEM_ERROR), but the real gateway's REST family can
 * answer it with HTTP 200, so a test client must not rely on the status alone.
 */
const SYSTEM_ERROR = REFUSALS.SYSTEM_ERROR;

/** "System error" in every language of the catalogues. */
export const SYSTEM_ERROR_MESSAGES: ReadonlySet<string> = new Set(
  Object.values(CATALOGUES).map((catalogue) => catalogue[SYSTEM_ERROR.message]),
);

/** The code and message members of each envelope (src/http/envelope.ts); the wallets' sit inside `error`. */
function codeAndMessages(body: Record<string, unknown>): { code: unknown; messages: unknown[] } {
  const error = body.error;
  if (typeof error === 'object' && error !== null) {
    const wallet = error as Record<string, unknown>;
    return { code: wallet.code, messages: [wallet.message] };
  }
  if ('ErrorCode' in body) return { code: body.ErrorCode, messages: [body.ErrorMessage] };
  return { code: body.errorCode, messages: [body.errorMessage, body.error] };
}

/** True when `body` is the system-error envelope in any envelope style and any language. */
export function isSystemError(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { code, messages } = codeAndMessages(body as Record<string, unknown>);
  return (
    String(code) === SYSTEM_ERROR.errorCode &&
    messages.some((message) => typeof message === 'string' && SYSTEM_ERROR_MESSAGES.has(message))
  );
}
