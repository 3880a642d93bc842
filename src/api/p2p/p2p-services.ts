import type { ThreeDsLookup } from '../../services/three-ds-lookup.js';
import type { AuthenticatedPayment } from '../../services/authenticated-payment.js';
import type { OrderRegistration } from '../../services/order-registration.js';
import type { P2pTransfer } from '../../services/p2p/p2p-transfer.js';
import type { TransferOrders } from '../../services/p2p/transfer-orders.js';
import type { TransferStart } from '../../services/p2p/transfer-start.js';
import type { TransferCardSources } from './p2p-cards.js';

/** The services the P2P operations call. */
export interface P2pServices extends TransferCardSources {
  readonly registration: OrderRegistration;
  readonly transferOrders: TransferOrders;
  readonly transfers: P2pTransfer;
  readonly authenticated: AuthenticatedPayment;
  readonly transferStart: TransferStart;
  readonly threeDs: ThreeDsLookup;
}
