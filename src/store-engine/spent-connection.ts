import { isDatabaseUnreachable } from './database-unreachable.js';

/**
 * A pooled PostgreSQL connection is spent once one of its statements failed because its server is
 * gone or is no longer the primary (isDatabaseUnreachable: connection lost, shutting down, a
 * standby refusing writes with 25006). It goes back to the pool with that error, which makes pg's
 * pool close it instead of lending it again. pg discards a connection whose socket closed by
 * itself, but a connection to a former primary that came back as a standby, or one HAProxy routed
 * to the standby before its next health check, has a healthy socket: lent again, it would refuse
 * every write until the pool's idle timeout (docs/reliability.md, "A failover").
 *
 * Returns what to give `client.release`: the error when the connection is spent, else undefined.
 */
export function spentBy(error: unknown): Error | undefined {
  if (!isDatabaseUnreachable(error)) return undefined;
  return error instanceof Error ? error : new Error(String(error));
}
