import type { OrderQuery } from '../../services/order-query.js';
import type { OrderRegistration } from '../../services/order-registration.js';
import type { Operation } from '../operation.js';
import { getOrderStatus, getOrderStatusExtended } from './get-order-status.js';
import { registerOrder, registerPreAuthOrder } from './register.js';

export interface RestServices {
  readonly registration: OrderRegistration;
  readonly query: OrderQuery;
}

/** The route table of {base_url}: every REST operation, in the order of the spec. */
export function restOperations(services: RestServices): Operation[] {
  return [
    registerOrder(services.registration),
    registerPreAuthOrder(services.registration),
    getOrderStatusExtended(services.query),
    getOrderStatus(services.query),
  ];
}
