import type { Command } from 'commander';
import { loadConfig } from '../config/config.js';
import { systemClock } from '../domain/clock.js';
import { currencyByNumeric } from '../domain/currencies.js';
import { openAdmin } from '../admin-root.js';
import { AdminError } from '../services/admin-error.js';
import { DccRateAdmin, DccRateError } from '../services/dcc/dcc-rate-admin.js';
import { DccRateRepository } from '../store/dcc-repository.js';

async function withRates<T>(action: (admin: DccRateAdmin) => Promise<T>): Promise<T> {
  const { store } = await openAdmin(loadConfig());
  try {
    return await action(new DccRateAdmin(new DccRateRepository(store.db), systemClock));
  } catch (error) {
    if (error instanceof DccRateError) throw new AdminError(error.message);
    throw error;
  } finally {
    await store.close();
  }
}

function alpha(code: string): string {
  return currencyByNumeric(code)?.alpha ?? code;
}

/** `gatehouse dcc rates set|list`: the operator's dynamic currency conversion rates. */
export function addDccCommands(program: Command): void {
  const rates = program
    .command('dcc')
    .description('dynamic currency conversion')
    .command('rates')
    .description('the conversion rates offered to customers (units of --to per unit of --from)');
  rates
    .command('set')
    .description('set the rate of one currency pair, with the markup added for the customer')
    .requiredOption('--from <code>', 'original currency, ISO 4217 numeric (978)')
    .requiredOption('--to <code>', 'card currency, ISO 4217 numeric (840)')
    .requiredOption('--rate <decimal>', 'units of --to per unit of --from (1.0832)')
    .option('--markup <percent>', 'percent added to the rate for the customer (3.5)', '0')
    .action(async (flags: { from: string; to: string; rate: string; markup: string }) => {
      const row = await withRates((admin) => admin.set(flags));
      console.log(
        `${alpha(row.from_currency)} -> ${alpha(row.to_currency)}: rate ${row.rate}, markup ${row.markup_percent} %`,
      );
    });
  rates
    .command('list')
    .description('list the rates')
    .option('--json', 'print as JSON')
    .action(async (flags: { json?: boolean }) => {
      const rows = await withRates((admin) => admin.list());
      if (flags.json === true) {
        console.log(JSON.stringify(rows, null, 2));
        return;
      }
      if (rows.length === 0) console.log('no rates: set one with gatehouse dcc rates set');
      for (const row of rows) {
        console.log(
          `${row.from_currency} ${alpha(row.from_currency)} -> ${row.to_currency} ${alpha(row.to_currency)}  rate ${row.rate}  markup ${row.markup_percent} %`,
        );
      }
    });
}
