import type { AutomaticHoldActions } from '../jobs/automatic-hold-job.js';
import { SandboxClockAdvance } from '../jobs/sandbox-clock-advance.js';
import { SandboxClocks } from '../services/sandbox-clock/sandbox-clocks.js';
import { CallbackRepository } from '../store/callback-repository.js';
import { SandboxClockRepository } from '../store/sandbox-clock-repository.js';
import type { OrderExpiry } from '../services/order-expiry.js';
import type { OrderDeadlineRepository } from '../store/order-deadline-repository.js';
import type { CallbacksModule } from './callbacks-module.js';
import type { Core } from './core.js';
import type { SandboxClockModule } from './gatehouse.js';

// Declared with the Gatehouse it is part of: gatehouse.ts importing this file closed a cycle
// through money-module.ts (which reads GatehouseOptions).
export type { SandboxClockModule } from './gatehouse.js';

/**
 * The sandbox merchants' test clocks (issue 45): their store, the advance that runs what became
 * due, and the refresh that keeps this process's copy in step with the other nodes'. Absent under
 * GATEHOUSE_ENV=production, where no merchant has a clock but real time.
 */
export function sandboxClockModule(
  core: Core,
  // The two parts of the money module the advance runs.
  money: { readonly deadlines: OrderDeadlineRepository; readonly expiry: OrderExpiry },
  callbacks: CallbacksModule,
  holds: AutomaticHoldActions,
): SandboxClockModule | undefined {
  if (core.config.environment === 'production') return undefined;
  const { store, time, logger } = core;
  const clocks = new SandboxClocks(time, new SandboxClockRepository(store.db), store.writes);
  const advance = new SandboxClockAdvance({
    clocks,
    time,
    deadlines: money.deadlines,
    expiry: money.expiry,
    holds,
    callbacks: new CallbackRepository(store),
    delivery: callbacks.delivery(),
  });
  let timer: NodeJS.Timeout | undefined;
  return {
    clocks,
    advance,
    async start() {
      await clocks.refresh();
      timer = setInterval(() => {
        clocks
          .refresh()
          .catch((error: unknown) => logger.warn({ err: error }, 'reading the sandbox clocks failed'));
      }, core.config.jobIntervalMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
  };
}
