import type { AcquirerPort } from '../../src/processing/acquirer/acquirer-port.js';

/** The acquirer's calls as plain functions, for a test's wrapper to spread and override one of. */
export function boundAcquirer(acquirer: AcquirerPort): AcquirerPort {
  return {
    authorize: (r) => acquirer.authorize(r),
    debit: (r) => acquirer.debit(r),
    capture: (r) => acquirer.capture(r),
    reverse: (r) => acquirer.reverse(r),
    refund: (r) => acquirer.refund(r),
    credit: (r) => acquirer.credit(r),
    inquire: (id) => acquirer.inquire(id),
    cardBilling: (pan) => acquirer.cardBilling(pan),
  };
}
