import type { Command } from 'commander';
import { loadConfig } from '../config/config.js';
import { cryptoRandom } from '../domain/random-source.js';
import { systemClock } from '../domain/clock.js';
import { OPERATOR_ROLES } from '../domain/operator-roles.js';
import { openAdmin } from '../admin-root.js';
import { OperatorAccounts, type OperatorView } from '../services/console/operator-accounts.js';
import { MerchantDirectory } from '../services/merchant-directory.js';
import { MerchantRepository } from '../store/merchant-repository.js';
import { OperatorRepository } from '../store/operator-repository.js';

async function withAccounts<T>(action: (accounts: OperatorAccounts) => Promise<T>): Promise<T> {
  const { store, secrets, masterKeyGenerated } = await openAdmin(loadConfig());
  if (masterKeyGenerated !== undefined)
    console.error(`warning: generated a new vault master key in ${masterKeyGenerated}; back it up`);
  try {
    const directory = new MerchantDirectory(new MerchantRepository(store.db));
    return await action(
      new OperatorAccounts(
        new OperatorRepository(store.db),
        directory,
        store.writes,
        secrets,
        cryptoRandom,
        systemClock,
      ),
    );
  } finally {
    await store.close();
  }
}

function line(operator: OperatorView): string {
  const limit = operator.merchants.length === 0 ? 'all merchants' : operator.merchants.join(', ');
  const flags = [operator.disabled ? 'disabled' : 'active', operator.totp ? 'TOTP' : 'password only'];
  return `${operator.email}  ${operator.role}  ${limit}  ${flags.join(', ')}`;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** `gatehouse operator …`: the people who use the console (never merchants' API users). */
export function addOperatorCommands(program: Command): void {
  const operator = program.command('operator').description('operator console accounts');
  operator
    .command('create')
    .description('create an operator; a random password is printed once when --password is left out')
    .requiredOption('--email <email>', 'the operator’s email, their login')
    .requiredOption('--role <role>', OPERATOR_ROLES.join(' | '))
    .option(
      '--merchant <login>',
      'limit the operator to this merchant (repeatable); none: every merchant',
      collect,
      [],
    )
    .option('--password <password>', 'the password (12 to 128 characters)')
    .action(async (flags: { email: string; role: string; merchant: string[]; password?: string }) => {
      const made = await withAccounts((accounts) =>
        accounts.create({
          email: flags.email,
          role: flags.role,
          merchants: flags.merchant,
          ...(flags.password === undefined ? {} : { password: flags.password }),
        }),
      );
      console.log(`created ${line(made.operator)}`);
      if (made.password !== undefined) console.log(`password (shown once): ${made.password}`);
      console.log(`log in at ${loadConfig().publicUrl}/console`);
    });
  operator
    .command('list')
    .description('every operator: role, merchants, state')
    .option('--json', 'print JSON')
    .action(async (flags: { json?: boolean }) => {
      const operators = await withAccounts((accounts) => accounts.list());
      if (flags.json === true) console.log(JSON.stringify(operators, null, 2));
      else if (operators.length === 0)
        console.log('no operators yet: gatehouse operator create --email … --role admin');
      else for (const one of operators) console.log(line(one));
    });
  operator
    .command('disable')
    .description('stop an operator from logging in; their sessions end at once')
    .requiredOption('--email <email>', 'the operator')
    .action(async (flags: { email: string }) => {
      await withAccounts((accounts) => accounts.disable(flags.email));
      console.log(`disabled ${flags.email}`);
    });
  operator
    .command('enable')
    .description('let a disabled operator log in again')
    .requiredOption('--email <email>', 'the operator')
    .action(async (flags: { email: string }) => {
      await withAccounts((accounts) => accounts.enable(flags.email));
      console.log(`enabled ${flags.email}`);
    });
  operator
    .command('reset-password')
    .description('a new password (printed once when --password is left out); sessions end')
    .requiredOption('--email <email>', 'the operator')
    .option('--password <password>', 'the new password (12 to 128 characters)')
    .action(async (flags: { email: string; password?: string }) => {
      const generated = await withAccounts((accounts) => accounts.resetPassword(flags.email, flags.password));
      console.log(`new password set for ${flags.email}`);
      if (generated !== undefined) console.log(`password (shown once): ${generated}`);
    });
  const totp = operator.command('totp').description('the second factor (TOTP, RFC 6238)');
  totp
    .command('enable')
    .description('turn on codes from an authenticator app; prints the secret and otpauth URI once')
    .requiredOption('--email <email>', 'the operator')
    .action(async (flags: { email: string }) => {
      const enrolment = await withAccounts((accounts) => accounts.enableTotp(flags.email));
      console.log(`secret (shown once): ${enrolment.secret}`);
      console.log(`otpauth URI: ${enrolment.uri}`);
    });
  totp
    .command('disable')
    .description('turn the second factor off')
    .requiredOption('--email <email>', 'the operator')
    .action(async (flags: { email: string }) => {
      await withAccounts((accounts) => accounts.disableTotp(flags.email));
      console.log(`TOTP off for ${flags.email}`);
    });
}
