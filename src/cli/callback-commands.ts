import { Option, type Command } from 'commander';
import { loadConfig } from '../config/config.js';
import { gatewayKeys } from '../config/gateway-keys.js';
import { sealSeToken } from '../processing/se-token.js';
import { systemClock } from '../domain/clock.js';
import { AdminError } from '../services/admin-error.js';
import { openAdmin } from '../admin-root.js';
import { SandboxDirectoryKeys } from '../services/sandbox-directory-keys.js';
import { WalletRepository } from '../store/wallet-repository.js';
import { CALLBACK_STATES, CallbackRepository, type CallbackState } from '../store/callback-repository.js';
import type { CallbackRow } from '../store/schema.js';

/** Runs `action` against the configured database (migrated first, as the merchant commands do), then closes it. */
async function withCallbacks<T>(action: (callbacks: CallbackRepository) => Promise<T>): Promise<T> {
  const { store, masterKeyGenerated } = await openAdmin(loadConfig());
  if (masterKeyGenerated !== undefined)
    console.error(`warning: generated a new vault master key in ${masterKeyGenerated}; back it up`);
  try {
    return await action(new CallbackRepository(store));
  } finally {
    await store.close();
  }
}

const isoOrNull = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** A row as an operator reads it: times in ISO 8601, the parameters as an object. */
function callbackView(row: CallbackRow) {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    orderId: row.order_id,
    operation: row.operation,
    url: row.url,
    state: row.state,
    attempts: row.attempts,
    nextAttemptAt: isoOrNull(row.next_attempt_at_ms),
    claimedUntil: isoOrNull(row.claimed_until_ms),
    lastError: row.last_error,
    createdAt: isoOrNull(row.created_at_ms),
    deliveredAt: isoOrNull(row.delivered_at_ms),
    requestId: row.request_id,
    params: JSON.parse(row.params) as Record<string, string>,
  };
}

function summaryLine(row: CallbackRow): string {
  const when =
    row.state === 'pending'
      ? `next ${isoOrNull(row.next_attempt_at_ms)}`
      : `${row.state} ${isoOrNull(row.delivered_at_ms) ?? ''}`;
  const error = row.last_error === null ? '' : `  (${row.last_error})`;
  return `${row.id}  ${row.state}  ${row.operation}  order ${row.order_id ?? '-'}  attempts ${row.attempts}  ${when}  ${row.url}${error}`;
}

async function requireCallback(callbacks: CallbackRepository, id: string): Promise<CallbackRow> {
  const row = await callbacks.find(id);
  if (row === undefined) throw new AdminError(`callback "${id}" does not exist`);
  return row;
}

/** `gatehouse keys show`: the gateway's public key, for RSA callback checksums (and seToken). */
export function addKeyCommands(program: Command): void {
  const keys = program.command('keys').description("the gateway's own key pair");
  keys
    .command('show')
    .description(
      'print the gateway public key (SPKI PEM; generated on first use): seTokens and RSA callback checksums',
    )
    .option(
      '--ds',
      "sandbox: print the sandbox directory server's device data certificate (what an app's 3DS SDK encrypts sdkEncData to), then its DS-CA root (what the SDK trusts)",
    )
    .action(async (flags: { ds?: boolean }) => {
      const config = loadConfig();
      if (flags.ds !== true) {
        process.stdout.write(await gatewayKeys(config.dataDir).publicKeyPem());
        return;
      }
      if (config.environment === 'production')
        throw new AdminError(
          'keys show --ds is the sandbox directory server: off under GATEHOUSE_ENV=production',
        );
      const { store, secrets } = await openAdmin(config);
      try {
        const directory = await new SandboxDirectoryKeys(
          new WalletRepository(store.db),
          secrets,
          systemClock,
        ).directory();
        process.stdout.write(
          `# DS ID ${directory.dsId}: device data encryption certificate\n${directory.deviceDataKey.certificate.toString()}` +
            `# DS-CA root\n${directory.root.certificate.toString()}`,
        );
      } finally {
        await store.close();
      }
    });
  keys
    .command('se-token')
    .description('sandbox: encrypt card data into an seToken for this gateway, as a device would')
    .requiredOption('--pan <digits>', 'card number')
    .requiredOption('--expiry <YYYYMM>', 'card expiry')
    .option('--cvc <digits>', 'card security code')
    .action(async (flags: { pan: string; expiry: string; cvc?: string }) => {
      const config = loadConfig();
      // A device encrypts real card data; minting it here is the sandbox's tool only.
      if (config.environment === 'production')
        throw new AdminError('keys se-token is a sandbox tool: off under GATEHOUSE_ENV=production');
      const publicKey = await gatewayKeys(config.dataDir).publicKeyPem();
      console.log(sealSeToken(flags, publicKey, Date.now()));
    });
}

/** `gatehouse callbacks list|show|replay`: inspect the callback outbox and send a callback again. */
export function addCallbackCommands(program: Command): void {
  const callbacks = program.command('callbacks').description('inspect and resend merchant callbacks');

  callbacks
    .command('list')
    .description('list callbacks, newest first')
    .addOption(new Option('--state <state>', 'only callbacks in this state').choices(CALLBACK_STATES))
    .option('--order <id>', 'only callbacks of this order (mdOrder)')
    .option('--json', 'print JSON')
    .action(async (flags: { state?: CallbackState; order?: string; json?: boolean }) => {
      const rows = await withCallbacks((repository) =>
        repository.list({ state: flags.state, orderId: flags.order }),
      );
      if (flags.json === true) console.log(JSON.stringify(rows.map(callbackView), null, 2));
      else if (rows.length === 0) console.log('no callbacks');
      else for (const row of rows) console.log(summaryLine(row));
    });

  callbacks
    .command('show')
    .description('show one callback with its parameters')
    .requiredOption('--id <id>', 'callback id')
    .option('--json', 'print JSON')
    .action(async (flags: { id: string; json?: boolean }) => {
      const view = callbackView(await withCallbacks((repository) => requireCallback(repository, flags.id)));
      if (flags.json === true) {
        console.log(JSON.stringify(view, null, 2));
        return;
      }
      for (const [key, value] of Object.entries(view))
        console.log(
          `${key}: ${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`,
        );
    });

  callbacks
    .command('replay')
    .description('send a callback again (any state): back to pending, due now, with a fresh schedule')
    .requiredOption('--id <id>', 'callback id')
    .action(async (flags: { id: string }) => {
      await withCallbacks(async (repository) => {
        if (!(await repository.replay(flags.id, systemClock.nowMs())))
          throw new AdminError(`callback "${flags.id}" does not exist`);
      });
      console.log(`callback ${flags.id} is pending again; the next job run sends it`);
    });
}
