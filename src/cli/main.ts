import { addSignCommand } from './sign-command.js';
import { Command } from 'commander';
import { ConfigError, loadConfig } from '../config/config.js';
import { migrateToLatest, openStore } from '../store-engine/index.js';
import { AdminError } from '../services/admin-error.js';
import { addMerchantCommands } from './merchant-commands.js';
import { addAttentionCommands } from './attention-commands.js';
import { addOperatorCommands } from './operator-commands.js';
import { addCallbackCommands, addKeyCommands } from './callback-commands.js';
import { addVaultCommands } from './vault-commands.js';
import { addWalletCommands } from './wallet-commands.js';
import { addDccCommands } from './dcc-commands.js';
import { addBackupCommand } from './backup-command.js';
import { addSandboxCommands } from './sandbox-clock-commands.js';

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

  addMerchantCommands(program);
  addKeyCommands(program);
  addCallbackCommands(program);
  addAttentionCommands(program);
  addOperatorCommands(program);
  addVaultCommands(program);
  addWalletCommands(program);
  addDccCommands(program);
  addSignCommand(program);
  addBackupCommand(program);
  addSandboxCommands(program);

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
