import { createPublicKey, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { loadConfig } from '../config/config.js';
import { systemClock } from '../domain/clock.js';
import { cryptoRandom } from '../domain/random-source.js';
import { openAdmin } from '../admin-root.js';
import { AdminError } from '../services/admin-error.js';
import { mintWalletAToken } from '../processing/wallets/wallet-a/index.js';
import { mintWalletBToken } from '../processing/wallets/wallet-b/index.js';
import { mintWalletCToken } from '../processing/wallets/wallet-c/index.js';
import { currencyByNumeric } from '../domain/currencies.js';
import { SandboxWallets } from '../services/wallets/sandbox-wallets.js';
import { WalletAdmin, WALLETS, type Wallet } from '../services/wallets/wallet-admin.js';
import { WalletKeyring } from '../services/wallets/wallet-keyring.js';
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

interface WalletServices {
  readonly admin: WalletAdmin;
  readonly trust: WalletTrust;
  readonly keyring: WalletKeyring;
  /** The sandbox world's wallet vendors, when GATEHOUSE_SANDBOX_WALLETS is on. */
  readonly sandbox: SandboxWallets | undefined;
}

/** Runs `action` with the wallet services over the configured database, then closes it. */
async function withWallets<T>(action: (services: WalletServices) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const { store, secrets } = await openAdmin(config);
  try {
    const wallets = new WalletRepository(store.db);
    const trust = new WalletTrust(wallets, systemClock, cryptoRandom);
    return await action({
      admin: new WalletAdmin(new MerchantRepository(store.db), wallets, secrets, systemClock, cryptoRandom),
      trust,
      keyring: new WalletKeyring(wallets, secrets, config.sandboxWallets),
      sandbox: config.sandboxWallets ? new SandboxWallets(wallets, trust, secrets, systemClock) : undefined,
    });
  } finally {
    await store.close();
  }
}

/** YYYYMM as the wallet A payload gives an expiry: YYMMDD, the last day of the month. */
function walletAExpiry(yyyymm: string): string {
  if (!/^\d{6}$/.test(yyyymm)) throw new AdminError('--expiry is YYYYMM');
  const year = Number(yyyymm.slice(0, 4));
  const month = Number(yyyymm.slice(4, 6));
  if (month < 1 || month > 12) throw new AdminError('--expiry is YYYYMM');
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${yyyymm.slice(2)}${String(lastDay).padStart(2, '0')}`;
}

function printJson(value: unknown): void {
  console.log(JSON.stringify(value, null, 2));
}

const walletOption = () =>
  new Option('--wallet <wallet>', 'a, b or c').choices(WALLETS).makeOptionMandatory();

interface TokenFlags {
  login: string;
  wallet: Wallet;
  pan: string;
  expiry: string;
  amount: string;
  currency: string;
  protocol: 'ECv1' | 'ECv2';
  authMethod: 'PAN_ONLY' | 'CRYPTOGRAM_3DS';
  eci: string;
  json?: boolean;
}

/** What every wallet's token carries beside its own fields: made once per command. */
interface TokenBasis {
  readonly merchantId: string;
  readonly cryptogram: string;
  readonly nowMs: number;
}

async function mintWalletC(flags: TokenFlags, keyring: WalletKeyring, basis: TokenBasis): Promise<string> {
  const [merchantKey] = await keyring.walletCKeys(basis.merchantId);
  const currency = currencyByNumeric(flags.currency);
  if (merchantKey === undefined)
    throw new AdminError(`merchant "${flags.login}" has no wallet c key: gatehouse wallet key create`);
  if (currency === undefined) throw new AdminError('--currency is an ISO 4217 numeric code');
  return mintWalletCToken({
    publicKey: createPublicKey(merchantKey.privateKey),
    payment: {
      tokenPan: flags.pan,
      tokenPanExpiration: `${flags.expiry.slice(4, 6)}${flags.expiry.slice(2, 4)}`,
      amountMinor: Number(flags.amount),
      currencyCode: currency.alpha,
      cryptogram: basis.cryptogram,
      eci: flags.eci,
    },
    nowMs: basis.nowMs,
  });
}

async function mintWalletB(
  flags: TokenFlags,
  keyring: WalletKeyring,
  sandbox: SandboxWallets,
  basis: TokenBasis,
): Promise<string> {
  const [recipient] = await keyring.walletBRecipients(basis.merchantId);
  const privateKey = recipient?.privateKeys[0];
  if (recipient === undefined || privateKey === undefined)
    throw new AdminError(`merchant "${flags.login}" has no wallet b key: gatehouse wallet key create`);
  return mintWalletBToken({
    authority: await sandbox.walletB(),
    recipientId: recipient.recipientId,
    recipientPublicKey: createPublicKey(privateKey),
    protocolVersion: flags.protocol,
    payment: {
      authMethod: flags.authMethod,
      pan: flags.pan,
      expirationMonth: Number(flags.expiry.slice(4, 6)),
      expirationYear: Number(flags.expiry.slice(0, 4)),
      cryptogram: basis.cryptogram,
      eci: flags.eci,
    },
    nowMs: basis.nowMs,
    messageId: randomBytes(24).toString('base64url'),
    // A recipient id shared by merchants: the token names whose it is (wallet-tokens.ts).
    ...(recipient.recipientId.startsWith('gateway:') ? { gatewayMerchantId: flags.login } : {}),
  });
}

async function mintWalletA(
  flags: TokenFlags,
  keyring: WalletKeyring,
  sandbox: SandboxWallets,
  basis: TokenBasis & { readonly expiryYYMMDD: string },
): Promise<string> {
  const [merchantKey] = await keyring.walletAKeys(basis.merchantId);
  if (merchantKey === undefined)
    throw new AdminError(
      `merchant "${flags.login}" has no wallet a key with a certificate: gatehouse wallet key create`,
    );
  return mintWalletAToken({
    authority: await sandbox.walletA(),
    merchantCertificate: merchantKey.certificate,
    payment: {
      pan: flags.pan,
      expiryYYMMDD: basis.expiryYYMMDD,
      amount: Number(flags.amount),
      currencyCode: flags.currency,
      cryptogram: basis.cryptogram,
      eci: flags.eci,
    },
    nowMs: basis.nowMs,
  });
}

/** `gatehouse wallet token`: checks the flags, then mints the named wallet's token. */
async function mintToken(flags: TokenFlags): Promise<void> {
  if (!/^\d{1,12}$/.test(flags.amount)) throw new AdminError('--amount is a whole number of minor units');
  if (!/^\d{3}$/.test(flags.currency)) throw new AdminError('--currency is an ISO 4217 numeric code');
  const expiryYYMMDD = walletAExpiry(flags.expiry);
  const paymentToken = await withWallets(async ({ admin, keyring, sandbox }) => {
    if (sandbox === undefined)
      throw new AdminError('sandbox wallets are off (GATEHOUSE_SANDBOX_WALLETS=false)');
    const basis = {
      merchantId: await admin.merchantIdOf(flags.login),
      cryptogram: randomBytes(20).toString('base64'),
      nowMs: systemClock.nowMs(),
    };
    if (flags.wallet === 'c') return mintWalletC(flags, keyring, basis);
    if (flags.wallet === 'b') return mintWalletB(flags, keyring, sandbox, basis);
    return mintWalletA(flags, keyring, sandbox, { ...basis, expiryYYMMDD });
  });
  if (flags.json === true) printJson({ paymentToken, wallet: flags.wallet });
  else console.log(paymentToken);
}

function addKeyCreateCommand(key: Command): void {
  key
    .command('create')
    .description(
      'make a P-256 key: wallet a prints the certificate signing request for the wallet vendor (the sandbox vendor certifies it at once); wallet b prints the public key to register with the vendor and the recipient id; wallet c makes an RSA-2048 key and prints the CSR to upload to the vendor',
    )
    .requiredOption('--login <login>', 'merchant login')
    .addOption(walletOption())
    .option('--recipient-id <id>', 'wallet b: merchant:<id> or gateway:<id> (default merchant:<login>)')
    .action(async (flags: { login: string; wallet: Wallet; recipientId?: string }) => {
      const created = await withWallets(({ admin, sandbox }) =>
        admin.createKey(flags.login, flags.wallet, {
          ...(flags.recipientId === undefined ? {} : { recipientId: flags.recipientId }),
          ...(sandbox === undefined
            ? {}
            : {
                certify: (publicKeyPem: string, merchantId: string) =>
                  sandbox.certifyWalletAKey(publicKeyPem, merchantId),
              }),
        }),
      );
      // Wallet B: the public key the merchant registers with the vendor, beside the recipient id.
      printJson(
        created.publicKey === undefined ? created.key : { ...created.key, publicKey: created.publicKey },
      );
      if (created.certificateRequest !== undefined) console.log(created.certificateRequest);
    });
}

function addTokenCommand(wallet: Command): void {
  wallet
    .command('token')
    .description(
      "sandbox: mint a wallet token for a merchant, signed by the sandbox vendor and encrypted to the merchant's key",
    )
    .requiredOption('--login <login>', 'merchant login')
    .addOption(walletOption())
    .requiredOption('--pan <pan>', 'the device card number (wallet b PAN_ONLY: the card number)')
    .requiredOption('--expiry <yyyymm>', 'the card expiry, YYYYMM')
    .option(
      '--amount <minor>',
      'wallets a and c: amount in minor units (wallet b takes it in the request)',
      '0',
    )
    .option('--currency <code>', 'wallets a and c: ISO 4217 numeric', '978')
    .addOption(new Option('--protocol <version>', 'wallet b').choices(['ECv1', 'ECv2']).default('ECv2'))
    .addOption(
      new Option('--auth-method <method>', 'wallet b')
        .choices(['PAN_ONLY', 'CRYPTOGRAM_3DS'])
        .default('CRYPTOGRAM_3DS'),
    )
    .option('--eci <eci>', 'the ECI of the cryptogram', '05')
    .option('--json', 'print the token with what it holds, as JSON')
    .action(mintToken);
}

function addKeyImportCommand(key: Command): void {
  key
    .command('import')
    .description('import a wallet private key made elsewhere (PEM)')
    .requiredOption('--login <login>', 'merchant login')
    .addOption(walletOption())
    .requiredOption(
      '--private-key <path>',
      'PEM private key: P-256 (wallets a, b; PKCS#8 or SEC1) or RSA of 2048 bits or more (wallet c)',
    )
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
        printJson(await withWallets(({ admin }) => admin.importKey(flags.login, flags.wallet, input)));
      },
    );
}

/** `wallet cert import`, `wallet show` and `wallet sandbox remove`: one line of work each. */
function addCertShowAndSandboxCommands(wallet: Command): void {
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
      printJson(await withWallets(({ admin }) => admin.importCertificate(flags.login, pem)));
    });

  wallet
    .command('show')
    .description("a merchant's wallet keys (never the private keys)")
    .requiredOption('--login <login>', 'merchant login')
    .action(async (flags: { login: string }) => {
      printJson(await withWallets(({ admin }) => admin.show(flags.login)));
    });

  wallet
    .command('sandbox')
    .description("the sandbox world's wallet vendors")
    .command('remove')
    .description(
      'forget the sandbox wallet vendors (their trust anchors and keys): required before GATEHOUSE_ENV=production',
    )
    .action(async () => {
      printJson(await withWallets(({ trust }) => trust.removeSandbox()));
    });
}

function addTrustCommand(wallet: Command): void {
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
        await withWallets(({ trust }) =>
          which === 'a'
            ? trust.addRootCa(readText(rootCa ?? ''))
            : trust.addRootKeys(readText(rootKeys ?? '')),
        ),
      );
    });
}

/**
 * `gatehouse wallet key import | cert import | show | trust`: a merchant's wallet keys (sealed
 * under the master key) and the roots each wallet's signature chain must end in. The commands
 * are added in the order `--help` lists them.
 */
export function addWalletCommands(program: Command): void {
  const wallet = program.command('wallet').description('wallet keys, certificates and trust anchors');
  const key = wallet.command('key').description("a merchant's wallet keys");
  addKeyCreateCommand(key);
  addTokenCommand(wallet);
  addKeyImportCommand(key);
  addCertShowAndSandboxCommands(wallet);
  addTrustCommand(wallet);
}
