import type { Operation } from '../operation.js';
import { param } from '../params/param-table.js';
import { integerRange, text } from '../params/scalar-types.js';
import { P2P_LOGIN } from './p2p-param-groups.js';
import { P2P_PATH, p2pOperation } from './p2p-operation.js';
import type { P2pServices } from './p2p-services.js';
import { p2pStatusView } from './p2p-status-view.js';
import { P2P_STATUS_SCHEMA } from './p2p-status-schema.js';

/** p2p-api.md getP2PStatus.do. */
export const P2P_STATUS_PARAMS = [
  ...P2P_LOGIN,
  param('orderId', 'conditional', text(1, 36)),
  param('orderNumber', 'conditional', text(1, 36)),
  param('version', 'optional', integerRange(1, 99), {
    note: 'members of later versions (binding 3, paymentNetRefNum 7) are left out below theirs; default: all',
  }),
] as const;

export function getP2PStatus(services: Pick<P2pServices, 'transferOrders'>): Operation {
  return p2pOperation({
    path: `${P2P_PATH}/getP2PStatus.do`,
    summary: 'The status of a transfer order, with its legs',
    params: P2P_STATUS_PARAMS,
    answer: P2P_STATUS_SCHEMA,
    async handle(params, context) {
      const order = await services.transferOrders.find(context.merchant, params);
      const legs = await services.transferOrders.legsOf(order);
      return p2pStatusView(order, legs, context, params.version);
    },
  });
}
