import { UNKNOWN_OUTCOME, type AcquirerPort, type UnknownOutcome } from './acquirer-port.js';

/**
 * Every acquirer call gets a deadline. A call without an answer by then has an unknown outcome:
 * the caller keeps its operation pending, and the recovery job asks again or reverses it, so an
 * approval that arrives after the deadline is never lost nor kept by mistake.
 */
export function withTimeout(acquirer: AcquirerPort, timeoutMs: number): AcquirerPort {
  function race<T>(call: Promise<T>): Promise<T | UnknownOutcome> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<UnknownOutcome>((resolve) => {
      timer = setTimeout(() => resolve(UNKNOWN_OUTCOME), timeoutMs);
    });
    return Promise.race([call, deadline]).finally(() => clearTimeout(timer));
  }
  return {
    authorize: (request) => race(acquirer.authorize(request)),
    debit: (request) => race(acquirer.debit(request)),
    capture: (request) => race(acquirer.capture(request)),
    reverse: (request) => race(acquirer.reverse(request)),
    refund: (request) => race(acquirer.refund(request)),
    credit: (request) => race(acquirer.credit(request)),
    inquire: (operationId) => race(acquirer.inquire(operationId)),
    // A lookup in the BIN file the connector keeps, not a network call: nothing to time out.
    cardBilling: (pan) => acquirer.cardBilling(pan),
  };
}
