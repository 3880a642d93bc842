import { userInfo } from 'node:os';
import type { Command } from 'commander';
import { loadConfig } from '../config/config.js';
import { systemClock } from '../domain/clock.js';
import { openAdmin } from '../admin-root.js';
import { StepAttention } from '../services/money-steps/step-attention.js';
import { MoneyStepRepository } from '../store/money-step-repository.js';
import type { AttentionStep } from '../store/money-step-repository.js';

async function withAttention<T>(action: (attention: StepAttention) => Promise<T>): Promise<T> {
  const { store, masterKeyGenerated } = await openAdmin(loadConfig());
  if (masterKeyGenerated !== undefined)
    console.error(`warning: generated a new vault master key in ${masterKeyGenerated}; back it up`);
  try {
    return await action(new StepAttention(new MoneyStepRepository(store.db), store.writes, systemClock));
  } finally {
    await store.close();
  }
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** A step as an operator reads it: never a card number beyond the masked one. */
function stepView(step: AttentionStep) {
  return {
    id: step.id,
    kind: step.kind,
    state: step.state,
    merchant: step.merchant_login,
    orderId: step.order_id,
    orderNumber: step.order_number,
    maskedPan: step.card_masked_pan,
    amount: step.amount_minor,
    currency: step.currency,
    attempts: step.attempts,
    lastError: step.last_error,
    createdAt: iso(step.created_at_ms),
    endedAt: iso(step.completed_at_ms),
  };
}

/** `gatehouse attention list|show|resolve`: the money steps that wait for a person. */
export function addAttentionCommands(program: Command): void {
  const attention = program
    .command('attention')
    .description('money steps nothing automatic will finish (a reversal refused for good, out of attempts)');
  attention
    .command('list')
    .description('steps that need attention, oldest first')
    .option('--all', 'include the resolved ones')
    .option('--json', 'one JSON array')
    .action(async (options: { all?: boolean; json?: boolean }) => {
      const steps = await withAttention((a) => a.list(options.all === true));
      if (options.json === true) {
        console.log(JSON.stringify(steps.map(stepView)));
        return;
      }
      if (steps.length === 0) console.log('no step needs attention');
      for (const step of steps)
        console.log(
          `${step.id}  ${step.state}  ${step.kind}  ${step.merchant_login} order ${step.order_number}  ${step.card_masked_pan ?? '-'}  ${step.amount_minor} ${step.currency}  attempts ${step.attempts}  ${step.last_error ?? ''}`,
        );
    });
  attention
    .command('show')
    .requiredOption('--id <id>', 'the step')
    .option('--json', 'JSON')
    .action(async (options: { id: string; json?: boolean }) => {
      const view = await withAttention((a) => a.show(options.id));
      const shown = {
        ...stepView(view.step),
        ...(view.resolution === undefined
          ? {}
          : {
              resolution: {
                note: view.resolution.note,
                by: view.resolution.resolved_by,
                at: iso(view.resolution.resolved_at_ms),
              },
            }),
      };
      console.log(options.json === true ? JSON.stringify(shown) : JSON.stringify(shown, null, 2));
    });
  attention
    .command('resolve')
    .requiredOption('--id <id>', 'the step')
    .requiredOption('--note <text>', 'what was done by hand')
    .option('--by <name>', 'who did it (default: the system user)')
    .action(async (options: { id: string; note: string; by?: string }) => {
      await withAttention((a) => a.resolve(options.id, options.note, options.by ?? userInfo().username));
      console.log(`step ${options.id} resolved`);
    });
}
