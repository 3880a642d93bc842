import { readFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { loadConfig } from '../config/config.js';
import { systemClock } from '../domain/clock.js';
import { cryptoRandom } from '../domain/random-source.js';
import { openAdmin } from '../server.js';
import { AdminError } from '../services/merchant-admin.js';
import { WalletAdmin, WALLETS, type Wallet } from '../services/wallets/wallet-admin.js';
import { WalletTrust } from '../services/wallets/wallet-trust.js';
import { MerchantRepository } from '../store/merchant-repository.js';
import { WalletRepository } from '../store/wallet-repository.js';

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new AdminError(`cannot read ${path}`);
  }
}

/** Runs `action` with the wallet services over the configured database, then closes it. */
async function withWallets<T>(action: (admin: WalletAdmin, trust: WalletTrust) => Promise<T>): Promise<T> {
  const { store, secrets } = await openAdmin(loadConfig());
  try {
    const wallets = new WalletRepository(store.db);
    return await action(
      new WalletAdmin(new MerchantRepository(store.db), wallets, secrets, systemClock, cryptoRandom),
      new WalletTrust(wallets, systemClock, cryptoRandom),
    );
  } finally {
    await store.close();
  }
}

function printJson(value: unknown): void {
  console.log(JSON.stringify(value, null, 2));
}

const walletOption = () => new Option('--wallet <wallet>', 'a or b').choices(WALLETS).makeOptionMandatory();

/**
 * `gatehouse wallet key import | cert import | show | trust`: a merchant's wallet keys (sealed
 * under the master key) and the roots each wallet's signature chain must end in.
 */
export function addWalletCommands(program: Command): void {
  const wallet = program.command('wallet').description('wallet keys, certificates and trust anchors');

  wallet
    .command('key')
    .description("a merchant's wallet keys")
    .command('import')
    .description('import a P-256 private key made elsewhere (PEM)')
    .requiredOption('--login <login>', 'merchant login')
    .addOption(walletOption())
    .requiredOption('--private-key <path>', 'PEM private key (PKCS#8 or SEC1), P-256')
    .option('--certificate <path>', 'wallet a: the payment processing certificate (PEM)')
    .option('--recipient-id <id>', 'wallet b: merchant:<id> or gateway:<id>')
    .action(
      async (flags: {
        login: string;
        wallet: Wallet;
        privateKey: string;
        certificate?: string;
        recipientId?: string;
      }) => {
        const input = {
          privateKeyPem: readText(flags.privateKey),
          ...(flags.certificate === undefined ? {} : { certificatePem: readText(flags.certificate) }),
          ...(flags.recipientId === undefined ? {} : { recipientId: flags.recipientId }),
        };
        printJson(await withWallets((admin) => admin.importKey(flags.login, flags.wallet, input)));
      },
    );

  wallet
    .command('cert')
    .description('wallet a payment processing certificates')
    .command('import')
    .description('attach the certificate the wallet vendor issued to the merchant key it certifies')
    .requiredOption('--login <login>', 'merchant login')
    .addOption(new Option('--wallet <wallet>', 'a').choices(['a']).default('a'))
    .requiredOption('--file <path>', 'PEM certificate')
    .action(async (flags: { login: string; file: string }) => {
      const pem = readText(flags.file);
      printJson(await withWallets((admin) => admin.importCertificate(flags.login, pem)));
    });

  wallet
    .command('show')
    .description("a merchant's wallet keys (never the private keys)")
    .requiredOption('--login <login>', 'merchant login')
    .action(async (flags: { login: string }) => {
      printJson(await withWallets((admin) => admin.show(flags.login)));
    });

  wallet
    .command('trust')
    .description('add trust anchors: wallet a root CAs, wallet b root signing keys')
    .addOption(walletOption())
    .option('--root-ca <path>', 'wallet a: a root CA certificate (PEM)')
    .option('--root-keys <path>', 'wallet b: root signing keys as the vendor publishes them (JSON)')
    .action(async (flags: { wallet: Wallet; rootCa?: string; rootKeys?: string }) => {
      const { wallet: which, rootCa, rootKeys } = flags;
      if (which === 'a' && (rootCa === undefined || rootKeys !== undefined))
        throw new AdminError('wallet a takes --root-ca');
      if (which === 'b' && (rootKeys === undefined || rootCa !== undefined))
        throw new AdminError('wallet b takes --root-keys');
      printJson(
        await withWallets((_admin, trust) =>
          which === 'a'
            ? trust.addRootCa(readText(rootCa ?? ''))
            : trust.addRootKeys(readText(rootKeys ?? '')),
        ),
      );
    });
}
