import type { Operation } from '../api/operation.js';
import { restOperations } from '../api/rest/rest-operations.js';
import type { DccOffers } from '../services/dcc/dcc-offers.js';
import type { MerchantDirectory } from '../services/merchant-directory.js';
import { OrderReport } from '../services/order-report.js';
import { BindingUpkeep } from '../services/vault/binding-upkeep.js';
import { BindingWithoutPayment } from '../services/vault/binding-without-payment.js';
import { OrderReportRepository } from '../store/order-report-repository.js';
import type { Core } from './core.js';
import type { MoneyModule } from './money-module.js';
import type { ThreeDsModule } from './threeds-module.js';

/** The merchant API's REST operations: orders, card payments, bindings, DCC and reports. */
export function restModule(
  core: Core,
  money: MoneyModule,
  threeDs: ThreeDsModule,
  directory: MerchantDirectory,
  dcc: DccOffers,
): readonly Operation[] {
  const { store } = core;
  return restOperations({
    registration: money.registration,
    query: money.query,
    payment: money.payment,
    authenticated: threeDs.authenticated,
    threeDs: threeDs.threeDs,
    vault: money.vault,
    bindingUpkeep: new BindingUpkeep(money.vault, store.writes),
    bindingWithoutPayment: new BindingWithoutPayment(money.vault, store.writes),
    lifecycle: money.lifecycle,
    random: core.random,
    seTokenKey: () => core.keys.privateKey(),
    credit: money.credit,
    cardDirectory: threeDs.acs,
    merchants: directory,
    reports: new OrderReport(new OrderReportRepository(store.db), money.query),
    dcc,
  });
}
