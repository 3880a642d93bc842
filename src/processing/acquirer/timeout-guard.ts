import type { AcquirerPort, AuthorizationAnswer, FollowUpAnswer } from './acquirer-port.js';
import { networkOf } from '../../domain/card-rules.js';

/**
 * Every acquirer call gets a deadline. An authorization without an answer by then is a decline
 * with the processing-timeout code; the order records it, so a late approval can be reversed.
 */
export function withTimeout(acquirer: AcquirerPort, timeoutMs: number): AcquirerPort {
  function race<T>(call: Promise<T>, onTimeout: () => T): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<T>((resolve) => {
      timer = setTimeout(() => resolve(onTimeout()), timeoutMs);
    });
    return Promise.race([call, deadline]).finally(() => clearTimeout(timer));
  }
  const followUpTimeout = (): FollowUpAnswer => ({ approved: false, reason: 'issuerTimeout' });
  return {
    authorize: (request) =>
      race<AuthorizationAnswer>(acquirer.authorize(request), () => ({
        approved: false,
        network: networkOf(request.card.pan.reveal()),
        reason: 'issuerTimeout',
      })),
    capture: (request) => race(acquirer.capture(request), followUpTimeout),
    reverse: (request) => race(acquirer.reverse(request), followUpTimeout),
    refund: (request) => race(acquirer.refund(request), followUpTimeout),
    credit: (request) => race(acquirer.credit(request), followUpTimeout),
  };
}
