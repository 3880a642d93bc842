import { addSignCommand } from './sign-command.js';
import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError, Option } from 'commander';
import { ConfigError, loadConfig } from '../config/config.js';
import { LANGUAGES } from '../i18n/languages.js';
import { PERMISSIONS } from '../domain/permissions.js';
import { migrateToLatest, openStore } from '../store-engine/index.js';
import { AdminError } from '../services/admin-error.js';
import type { MerchantAdmin } from '../services/merchant-admin.js';
import {
  CALLBACK_HTTP_METHODS,
  CALLBACK_SIGNINGS,
  type MerchantSettingsInput,
} from '../services/merchant-settings.js';
import { openAdmin } from '../admin-root.js';
import { addAttentionCommands } from './attention-commands.js';
import { addOperatorCommands } from './operator-commands.js';
import { addCallbackCommands, addKeyCommands } from './callback-commands.js';
import { addVaultCommands } from './vault-commands.js';
import { addWalletCommands } from './wallet-commands.js';
import { addDccCommands } from './dcc-commands.js';
import { addBackupCommand } from './backup-command.js';

function positiveInteger(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new InvalidArgumentError('expected a whole number of at least 1');
  return Number(value);
}

function trueOrFalse(value: string): boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new InvalidArgumentError('expected true or false');
}

function mccList(value: string): number[] {
  const codes = value === '' ? [] : value.split(',').map((code) => code.trim());
  if (codes.some((code) => !/^\d{4}$/.test(code)))
    throw new InvalidArgumentError('expected four-digit MCCs separated by commas');
  return codes.map(Number);
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** Runs `action` against the configured database, then closes it. */
async function withAdmin<T>(action: (admin: MerchantAdmin) => Promise<T>): Promise<T> {
  const { store, admin, masterKeyGenerated } = await openAdmin(loadConfig());
  if (masterKeyGenerated !== undefined)
    console.error(`warning: generated a new vault master key in ${masterKeyGenerated}; back it up`);
  try {
    return await action(admin);
  } finally {
    await store.close();
  }
}

function print(value: unknown, json: boolean): void {
  if (json) {
    console.log(JSON.stringify(value, null, 2));
    return;
  }
  for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
    console.log(
      `${key}: ${Array.isArray(entry) ? entry.map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item))).join(', ') : String(entry)}`,
    );
  }
}

const settingsOptions = (command: Command): Command =>
  command
    .option('--callback-url <url>', 'static callback address')
    .option('--callback-key <key>', 'symmetric key of the callback checksum (stored encrypted)')
    .addOption(
      new Option(
        '--callback-signing <scheme>',
        'callback checksum: hmac (merchant key) or rsa (gateway key)',
      ).choices(CALLBACK_SIGNINGS),
    )
    .addOption(
      new Option('--callback-method <method>', 'how callbacks are sent').choices(CALLBACK_HTTP_METHODS),
    )
    .option('--currency <code>', 'default ISO 4217 numeric currency (default 978)')
    .addOption(new Option('--language <code>', 'default language').choices(LANGUAGES))
    .option(
      '--session-timeout <seconds>',
      'default order lifetime in seconds (default 1200)',
      positiveInteger,
    )
    .option('--rate-limit <perSecond>', 'requests per second per API user (default 200)', positiveInteger)
    .option('--concurrency-limit <count>', 'simultaneous requests per API user (default 50)', positiveInteger)
    .option(
      '--p2p-fee <plan>',
      'P2P fee in the order currency: percent=1.5,fixed=30,min=50,max=5000 (each optional), or none',
    );

interface SettingsFlags {
  callbackSigning?: (typeof CALLBACK_SIGNINGS)[number];
  callbackMethod?: (typeof CALLBACK_HTTP_METHODS)[number];
  callbackUrl?: string;
  callbackKey?: string;
  currency?: string;
  language?: string;
  sessionTimeout?: number;
  rateLimit?: number;
  concurrencyLimit?: number;
  p2pFee?: string;
}

function settingsFrom(flags: SettingsFlags): MerchantSettingsInput {
  return {
    callbackSigning: flags.callbackSigning,
    callbackHttpMethod: flags.callbackMethod,
    callbackUrl: flags.callbackUrl,
    callbackKey: flags.callbackKey,
    currency: flags.currency,
    language: flags.language,
    sessionTimeoutSecs: flags.sessionTimeout,
    rateLimitPerSecond: flags.rateLimit,
    concurrentLimit: flags.concurrencyLimit,
    p2pFee: flags.p2pFee,
  };
}

export function buildCli(): Command {
  const program = new Command('gatehouse')
    .description('Gatehouse: a self-hostable card payment gateway with a built-in sandbox')
    .showHelpAfterError();

  program
    .command('serve', { isDefault: true })
    .description('migrate the database and serve the API (configuration from the environment)')
    .option('--no-sandbox-merchant', 'do not create the sandbox merchant on an empty database')
    // Loaded only here: the serving process's modules are most of what a command would load.
    .action(async (flags: { sandboxMerchant: boolean }) => (await import('./serve-command.js')).serve(flags));

  program
    .command('migrate')
    .description('apply pending database migrations and exit')
    .action(async () => {
      const store = openStore(loadConfig().database);
      try {
        const result = await migrateToLatest(store);
        const applied = (result.results ?? [])
          .filter((r) => r.status === 'Success')
          .map((r) => r.migrationName);
        console.log(applied.length === 0 ? 'the database is up to date' : `applied: ${applied.join(', ')}`);
      } finally {
        await store.close();
      }
    });

  const merchant = program
    .command('merchant')
    .description('manage merchants, their API users, permissions and certificates');

  settingsOptions(
    merchant
      .command('create')
      .description('create a merchant and its API user <login>-api')
      .requiredOption('--login <login>', 'merchant login')
      .option('--password <password>', 'API user password (random when omitted)')
      .option('--token', 'also issue an API token')
      .option('--parent <login>', 'parent merchant')
      .option(
        '--permission <name>',
        `grant a permission (repeatable): ${PERMISSIONS.join(', ')}`,
        collect,
        [] as string[],
      )
      .option('--json', 'print one JSON object'),
  ).action(
    async (
      flags: SettingsFlags & {
        login: string;
        password?: string;
        token?: boolean;
        parent?: string;
        permission: string[];
        json?: boolean;
      },
    ) => {
      const created = await withAdmin((admin) =>
        admin.create({
          ...settingsFrom(flags),
          login: flags.login,
          password: flags.password,
          token: flags.token === true,
          parentLogin: flags.parent,
          permissions: flags.permission,
        }),
      );
      print(created, flags.json === true);
    },
  );

  merchant
    .command('show')
    .description("show a merchant's settings, users, permissions and certificates")
    .requiredOption('--login <login>', 'merchant login')
    .option('--json', 'print JSON')
    .action(async (flags: { login: string; json?: boolean }) => {
      print(await withAdmin((admin) => admin.show(flags.login)), flags.json === true);
    });

  merchant
    .command('list')
    .description('list merchants')
    .option('--json', 'print JSON')
    .action(async (flags: { json?: boolean }) => {
      const rows = await withAdmin((admin) => admin.list());
      const logins = rows.map((row) => ({
        login: row.login,
        parent: rows.find((p) => p.id === row.parent_id)?.login ?? null,
      }));
      if (flags.json === true) console.log(JSON.stringify(logins, null, 2));
      else
        for (const row of logins)
          console.log(row.parent === null ? row.login : `${row.login} (child of ${row.parent})`);
    });

  for (const verb of ['permit', 'revoke'] as const) {
    merchant
      .command(verb)
      .description(verb === 'permit' ? 'grant permissions' : 'take permissions away')
      .requiredOption('--login <login>', 'merchant login')
      .option('--permission <name>', 'permission (repeatable)', collect, [] as string[])
      .option('--view-transactions-of <login>', "the right to see and act on that merchant's transactions")
      .action(async (flags: { login: string; permission: string[]; viewTransactionsOf?: string }) => {
        if (flags.permission.length === 0 && flags.viewTransactionsOf === undefined) {
          throw new AdminError('name at least one --permission or --view-transactions-of');
        }
        await withAdmin((admin) => admin[verb](flags.login, flags.permission, flags.viewTransactionsOf));
        console.log(`${verb === 'permit' ? 'granted' : 'revoked'} for ${flags.login}`);
      });
  }

  settingsOptions(
    merchant
      .command('set')
      .description("change a merchant's settings")
      .requiredOption('--login <login>', 'merchant login')
      .option('--require-signature <bool>', 'require X-Hash/X-Signature on every request', trueOrFalse)
      .option(
        '--p2p-status-response <bool>',
        'P2P perform replies carry statusResponse (the spec: only when enabled; default false)',
        trueOrFalse,
      )
      .option('--allowed-mcc <codes>', 'MCCs the merchant may send in mcc, comma-separated', mccList)
      .option('--password <password>', 'new password of the API user'),
  ).action(
    async (
      flags: SettingsFlags & {
        login: string;
        requireSignature?: boolean;
        p2pStatusResponse?: boolean;
        allowedMcc?: number[];
        password?: string;
      },
    ) => {
      await withAdmin((admin) =>
        admin.set(flags.login, {
          ...settingsFrom(flags),
          requireSignature: flags.requireSignature,
          p2pStatusResponse: flags.p2pStatusResponse,
          allowedMccs: flags.allowedMcc,
          password: flags.password,
        }),
      );
      console.log(`updated ${flags.login}`);
    },
  );

  merchant
    .command('token')
    .description('issue an additional API token (printed once)')
    .requiredOption('--login <login>', 'merchant login')
    .action(async (flags: { login: string }) => {
      console.log(await withAdmin((admin) => admin.credentials.issueToken(flags.login)));
    });

  merchant
    .command('cert')
    .description('request-signing certificates')
    .command('add')
    .description('add an X.509 certificate (PEM, RSA 2048 bits or more) for X-Signature')
    .requiredOption('--login <login>', 'merchant login')
    .requiredOption('--file <path>', 'certificate file')
    .action(async (flags: { login: string; file: string }) => {
      let pem: string;
      try {
        pem = readFileSync(flags.file, 'utf8');
      } catch {
        throw new AdminError(`cannot read ${flags.file}`);
      }
      print(await withAdmin((admin) => admin.addCertificate(flags.login, pem)), false);
    });

  addKeyCommands(program);
  addCallbackCommands(program);
  addAttentionCommands(program);
  addOperatorCommands(program);
  addVaultCommands(program);
  addWalletCommands(program);
  addDccCommands(program);
  addSignCommand(program);
  addBackupCommand(program);

  return program;
}

buildCli()
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    if (error instanceof AdminError || error instanceof ConfigError) {
      console.error(`gatehouse: ${error.message}`);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  });
