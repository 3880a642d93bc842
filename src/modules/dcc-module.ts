import { readFileSync } from 'node:fs';
import { ConfigError } from '../config/config.js';
import { TableRateSource } from '../processing/dcc/table-rate-source.js';
import { DccOffers } from '../services/dcc/dcc-offers.js';
import { DccRateAdmin, DccRateError } from '../services/dcc/dcc-rate-admin.js';
import { DccCalculationRepository, DccRateRepository } from '../store/dcc-repository.js';
import type { Core } from './core.js';
import type { MoneyModule } from './money-module.js';

/** GATEHOUSE_DCC_RATES_FILE: loaded at every start, so the file is the operator's source of rates. */
async function loadRatesFile(path: string, admin: DccRateAdmin): Promise<void> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new ConfigError(`GATEHOUSE_DCC_RATES_FILE: cannot read ${path}`);
  }
  try {
    await admin.loadFile(text);
  } catch (error) {
    if (error instanceof DccRateError) throw new ConfigError(`GATEHOUSE_DCC_RATES_FILE: ${error.message}`);
    throw error;
  }
}

/** Dynamic currency conversion: the rates (from the operator's file, when set) and the offers. */
export async function dccModule(core: Core, money: MoneyModule): Promise<DccOffers> {
  const { config, store, clock } = core;
  const dccRates = new DccRateRepository(store.db);
  if (config.dccRatesFile !== undefined)
    await loadRatesFile(config.dccRatesFile, new DccRateAdmin(dccRates, clock));
  return new DccOffers(
    new DccCalculationRepository(store.db),
    new TableRateSource(dccRates),
    money.acquirer,
    core.secrets,
    core.random,
    money.orders,
    store.writes,
  );
}
