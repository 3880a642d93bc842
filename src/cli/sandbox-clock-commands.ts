import { InvalidArgumentError, type Command } from 'commander';
import { loadConfig } from '../config/config.js';
import { parseClockDuration } from '../domain/clock-duration.js';
import { REFUSALS, Refusal } from '../domain/refusals.js';
import { translate } from '../i18n/translate.js';
import type { ClockEvent } from '../jobs/sandbox-clock-advance.js';
import type { SandboxClockModule } from '../modules/sandbox-clock-module.js';
import { AdminError } from '../services/admin-error.js';
import type { ClockMove, ClockReading } from '../services/sandbox-clock/sandbox-clocks.js';
import { MerchantRepository } from '../store/merchant-repository.js';

function duration(value: string): number {
  const ms = parseClockDuration(value);
  if (ms === undefined)
    throw new InvalidArgumentError('expected a duration such as 7d, 36h, 1d12h, 90m or 2w');
  return ms;
}

function moment(value: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)
    ? Date.parse(value)
    : Number.NaN;
  if (Number.isNaN(ms))
    throw new InvalidArgumentError('expected an ISO 8601 moment such as 2027-01-01T00:00:00Z');
  return ms;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** 604799996 ms as 6d23h59m59s: how far ahead, to the second. */
function span(ms: number): string {
  let seconds = Math.round(ms / 1000);
  const parts: string[] = [];
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3600],
    ['m', 60],
  ] as const) {
    if (seconds >= size) parts.push(`${String(Math.floor(seconds / size))}${unit}`);
    seconds %= size;
  }
  if (seconds > 0 || parts.length === 0) parts.push(`${String(seconds)}s`);
  return parts.join('');
}

function clockLine(login: string, reading: ClockReading): string {
  const ahead = reading.offsetMs === 0 ? 'on real time' : `${span(reading.offsetMs)} ahead of real time`;
  return `${login}: clock ${iso(reading.nowMs)} (${ahead})`;
}

function eventLine(event: ClockEvent): string {
  return event.what === 'callback'
    ? `${iso(event.atMs)}  callback  ${event.outcome}`
    : `${iso(event.atMs)}  ${event.what}  order ${event.orderId} (${event.orderNumber})`;
}

/**
 * Runs `action` on the whole gateway (its jobs off, no port opened) for the merchant `login`:
 * an advance runs the gateway's own expiry, hold and callback work. A refusal of the clock's rules
 * is the operator's mistake, said as the API says it.
 */
async function withClocks<T>(
  login: string,
  action: (clocks: SandboxClockModule, merchantId: string) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  if (config.environment === 'production')
    throw new AdminError('sandbox clocks are a sandbox tool: off under GATEHOUSE_ENV=production');
  // Loaded only here: the gateway's modules are most of what any command would load.
  const { createGatehouse, createLogger } = await import('../server.js');
  // The gateway's log lines go to stderr: stdout is the command's answer.
  const logger = createLogger(config, 2);
  const gatehouse = await createGatehouse(config, { runJobs: false, serveMetrics: false, logger });
  try {
    const clocks = gatehouse.sandboxClocks;
    if (clocks === undefined) throw new AdminError('sandbox clocks are off under GATEHOUSE_ENV=production');
    const merchant = await new MerchantRepository(gatehouse.store.db).findByLogin(login);
    if (merchant === undefined) throw new AdminError(`merchant "${login}" does not exist`);
    return await action(clocks, merchant.row.id);
  } catch (error) {
    if (error instanceof Refusal)
      throw new AdminError(translate('en', { key: REFUSALS[error.key].message, vars: error.vars }));
    throw error;
  } finally {
    await gatehouse.close();
  }
}

/** `gatehouse sandbox clock advance|show|reset`: a merchant's test clock (issue 45). */
export function addSandboxCommands(program: Command): void {
  const clock = program
    .command('sandbox')
    .description('tools of the sandbox world (refused under GATEHOUSE_ENV=production)')
    .command('clock')
    .description("a merchant's test clock: move it forward and run what became due on the way");

  clock
    .command('advance')
    .description(
      'move the clock forward by a duration or to a moment, running what became due, in time order',
    )
    .requiredOption('--login <login>', 'merchant login')
    .option('--by <duration>', 'how far: 7d, 36h, 1d12h, 90m, 3600s or 2w', duration)
    .option('--to <moment>', 'where to: an ISO 8601 moment such as 2027-01-01T00:00:00Z', moment)
    .action(async (flags: { login: string; by?: number; to?: number }) => {
      if ((flags.by === undefined) === (flags.to === undefined))
        throw new AdminError('give one of --by and --to');
      const move: ClockMove = flags.by !== undefined ? { byMs: flags.by } : { toMs: flags.to ?? 0 };
      const advanced = await withClocks(flags.login, (clocks, merchantId) =>
        clocks.advance.advance(merchantId, move),
      );
      console.log(`${flags.login}: clock ${iso(advanced.fromMs)} -> ${iso(advanced.toMs)}`);
      if (advanced.events.length === 0) console.log('nothing became due');
      for (const event of advanced.events) console.log(eventLine(event));
      if (advanced.moreDue) console.log('more became due than one advance runs: the jobs take the rest');
    });

  clock
    .command('show')
    .description("print the merchant's clock")
    .requiredOption('--login <login>', 'merchant login')
    .action(async (flags: { login: string }) => {
      const reading = await withClocks(flags.login, async (clocks, merchantId) => {
        await clocks.clocks.refresh();
        return clocks.clocks.read(merchantId);
      });
      console.log(clockLine(flags.login, reading));
    });

  clock
    .command('reset')
    .description('put the clock back on real time (only for a merchant with no orders yet)')
    .requiredOption('--login <login>', 'merchant login')
    .action(async (flags: { login: string }) => {
      const reading = await withClocks(flags.login, (clocks, merchantId) => clocks.clocks.reset(merchantId));
      console.log(clockLine(flags.login, reading));
    });
}
