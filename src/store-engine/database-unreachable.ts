/** Socket errors of a database that cannot be reached. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/**
 * node-postgres says these in words only. A read timeout is the client's own bound on a server
 * that went silent (a lost machine, whose sockets are never closed): pg destroys the connection.
 */
const PG_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout/i;

/**
 * True when `error` (or what caused it) says the database cannot be reached now: the connection
 * refused or lost, the server shutting down or starting (SQLSTATE classes 08 and 57P), or the
 * server reached is a standby that refuses writes (25006, read_only_sql_transaction: the primary
 * moved in a failover or a switchover). Such an answer is worth trying again in a few seconds,
 * which a refusal of the request is not; and the connection that got it must never serve again
 * (spent-connection.ts).
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause !== undefined && cause !== null && depth < 5; depth += 1) {
    if (typeof cause !== 'object') return false;
    const code = 'code' in cause ? cause.code : undefined;
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || /^(08...|57P0[123]|25006)$/.test(code)))
      return true;
    if (cause instanceof Error && PG_MESSAGES.test(cause.message)) return true;
    if (cause instanceof AggregateError && cause.errors.some((inner) => isDatabaseUnreachable(inner)))
      return true;
    cause = 'cause' in cause ? cause.cause : undefined;
  }
  return false;
}
