import type { KeyObject } from 'node:crypto';
import type { RandomSource } from '../../domain/random-source.js';
import type { CardEnrollmentLookup } from '../../services/three-ds-lookup.js';
import type { ThreeDsLookup } from '../../services/three-ds-lookup.js';
import type { AuthenticatedPayment } from '../../services/authenticated-payment.js';
import type { CardCredit } from '../../services/card-credit.js';
import type { CardPayment } from '../../services/card-payment.js';
import type { MerchantDirectory } from '../../services/merchant-directory.js';
import type { OrderReport } from '../../services/order-report.js';
import type { CredentialVault } from '../../services/vault/credential-vault.js';
import type { BindingUpkeep } from '../../services/vault/binding-upkeep.js';
import type { BindingWithoutPayment } from '../../services/vault/binding-without-payment.js';
import { bindingOperations } from './binding-operations.js';
import { createBindingNoPayment } from './create-binding-no-payment.js';
import { instantRefund } from './instant-refund.js';
import { paymentOrderBinding } from './payment-order-binding.js';
import { finishThreeDsPayment } from './finish-three-ds-payment.js';
import type { OrderLifecycle } from '../../services/order-lifecycle.js';
import type { OrderQuery } from '../../services/order-query.js';
import type { OrderRegistration } from '../../services/order-registration.js';
import type { Operation } from '../operation.js';
import { getOrderStatus, getOrderStatusExtended } from './get-order-status.js';
import { instantPayment } from './instant-payment.js';
import { lifecycleOperations } from './lifecycle-operations.js';
import { registerOrder, registerPreAuthOrder } from './register.js';
import { getLastOrdersForMerchants } from './last-orders-for-merchants.js';
import { verifyEnrollment } from './verify-enrollment.js';
import { dccCalculate } from '../dcc/dcc-calculate.js';
import type { DccOffers } from '../../services/dcc/dcc-offers.js';

export interface RestServices {
  readonly registration: OrderRegistration;
  readonly query: OrderQuery;
  readonly payment: CardPayment;
  readonly authenticated: AuthenticatedPayment;
  readonly threeDs: ThreeDsLookup;
  readonly vault: CredentialVault;
  readonly bindingUpkeep: BindingUpkeep;
  readonly bindingWithoutPayment: BindingWithoutPayment;
  readonly lifecycle: OrderLifecycle;
  readonly random: RandomSource;
  readonly seTokenKey: () => Promise<KeyObject>;
  readonly credit: CardCredit;
  /** The Directory Server's card ranges (verifyEnrollment.do). */
  readonly cardDirectory: CardEnrollmentLookup;
  readonly merchants: MerchantDirectory;
  readonly reports: OrderReport;
  readonly dcc: DccOffers;
}

/** The route table of {base_url}: every REST operation, in the order of the spec. */
export function restOperations(services: RestServices): Operation[] {
  return [
    registerOrder(services.registration, services.vault),
    registerPreAuthOrder(services.registration, services.vault),
    getOrderStatusExtended(services.query),
    getOrderStatus(services.query),
    instantPayment(services),
    instantPayment(services, 'moto'),
    finishThreeDsPayment(services),
    finishThreeDsPayment(services, 'short'),
    ...lifecycleOperations(services.query, services.lifecycle),
    paymentOrderBinding(services),
    ...bindingOperations(services),
    createBindingNoPayment(services),
    instantRefund(services),
    verifyEnrollment(services.cardDirectory),
    getLastOrdersForMerchants(services),
    dccCalculate({ offers: services.dcc, query: services.query, vault: services.vault }),
  ];
}
