/** Socket errors of a database that cannot be reached. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** node-postgres says these in words only. */
const PG_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/**
 * True when `error` (or what caused it) says the database cannot be reached now: the connection
 * refused or lost, the server shutting down or starting (SQLSTATE classes 08 and 57P). Such an
 * answer is worth trying again in a few seconds, which a refusal of the request is not.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause !== undefined && cause !== null && depth < 5; depth += 1) {
    if (typeof cause !== 'object') return false;
    const code = 'code' in cause ? cause.code : undefined;
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || /^(08...|57P0[123])$/.test(code))) return true;
    if (cause instanceof Error && PG_MESSAGES.test(cause.message)) return true;
    if (cause instanceof AggregateError && cause.errors.some((inner) => isDatabaseUnreachable(inner)))
      return true;
    cause = 'cause' in cause ? cause.cause : undefined;
  }
  return false;
}
