import { callbackDelivery, type CallbackDelivery } from '../jobs/callback-delivery-job.js';
import { CallbackAddresses } from '../services/callbacks/callback-addresses.js';
import { enqueuePaymentCallback } from '../services/callbacks/callback-outbox.js';
import type { PaymentEventSink } from '../services/callbacks/payment-event.js';
import { CallbackRepository } from '../store/callback-repository.js';
import type { Core } from './core.js';

export interface CallbacksModule {
  /** Where callbacks may be sent (GATEHOUSE_CALLBACK_PRIVATE_ADDRESSES, GATEHOUSE_ENV). */
  readonly addresses: CallbackAddresses;
  /** Writes a payment event's callback into the outbox, in the transaction of the change it reports. */
  readonly emit: PaymentEventSink;
  /** The outbox's delivery: run by the jobs module, and by a sandbox clock's advance. */
  delivery(): CallbackDelivery;
}

/** Callbacks: the outbox every money change writes into, and the job that delivers it. */
export function callbacksModule(core: Core): CallbacksModule {
  const { config, random } = core;
  const addresses = new CallbackAddresses(config.callbackPrivateAddresses);
  let delivery: CallbackDelivery | undefined;
  return {
    addresses,
    emit: async (db, event, nowMs) => {
      await enqueuePaymentCallback(db, event, nowMs, random);
    },
    delivery: () =>
      (delivery ??= callbackDelivery({
        repository: new CallbackRepository(core.store),
        secrets: core.secrets,
        gatewayKeys: core.keys,
        clock: core.clock,
        scope: core.time,
        logger: core.logger,
        addresses,
        observer: core.metrics,
      })),
  };
}
