import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { createHash, createPublicKey, generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../src/config/config.js';
import { checkRequestSignature } from '../../src/http/request-signature.js';
import type { MerchantAdmin } from '../../src/services/merchant-admin.js';
import { openAdmin } from '../../src/admin-root.js';
import type { Store } from '../../src/store-engine/index.js';
import { createSigningKey } from '../support/certificates.js';
import { childLogFile, teeChildLog } from '../support/child-log.js';
import { ENGINES } from '../support/engines.js';
import { freePort } from '../support/free-port.js';
import { formBody } from '../support/gatehouse-harness.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/** dist/test/integration/cli.test.js → bin/gatehouse.js at the root of the checkout. */
const CLI = fileURLToPath(new URL('../../../bin/gatehouse.js', import.meta.url));
const SPAWN_TIMEOUT_MS = 20_000;
/** How long serve may take to answer: on a loaded machine it was seen to need more than 20 s. */
const SERVE_START_MS = 60_000;
/** One key for every engine: generating it is the slow part. */
const signingKey = createSigningKey(2048, 'gatehouse-cli');

type Env = Record<string, string>;

interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The test runner's environment without anything Gatehouse would read, so only `env` configures the child. */
function baseEnv(): Env {
  const env: Env = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || name === 'PORT' || name === 'HOST' || name.startsWith('GATEHOUSE_')) continue;
    env[name] = value;
  }
  return env;
}

function dbEnv(database: TestDatabase, masterKey: string): Env {
  return {
    GATEHOUSE_DB: database.url,
    GATEHOUSE_DATA_DIR: database.dataDir,
    GATEHOUSE_MASTER_KEY: masterKey,
    GATEHOUSE_LOG_LEVEL: 'silent',
    // The suite's password cost (scripts/run-tests.js), which baseEnv leaves out with every GATEHOUSE_ variable.
    ...(process.env.GATEHOUSE_PASSWORD_SCRYPT_N === undefined
      ? {}
      : { GATEHOUSE_PASSWORD_SCRYPT_N: process.env.GATEHOUSE_PASSWORD_SCRYPT_N }),
  };
}

/** The child's environment; production refuses the suite's cheap password cost, so it goes without. */
function childEnv(env: Env): Env {
  const merged: Record<string, string> = { ...baseEnv(), ...env };
  if (merged.GATEHOUSE_ENV === 'production') delete merged.GATEHOUSE_PASSWORD_SCRYPT_N;
  return merged;
}

function runCli(args: readonly string[], env: Env): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: childEnv(env), timeout: SPAWN_TIMEOUT_MS, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

function describeResult(result: CliResult): string {
  return `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`;
}

function assertOk(result: CliResult): void {
  assert.equal(result.code, 0, describeResult(result));
}

function assertFails(result: CliResult, stderrPattern: RegExp): void {
  assert.notEqual(result.code, 0, describeResult(result));
  assert.notEqual(result.code, null, `the CLI did not exit on its own: ${describeResult(result)}`);
  assert.match(result.stderr, stderrPattern, describeResult(result));
}

interface Server {
  readonly stdout: () => string;
  /** Resolves with stdout once it contains `text`; rejects if the process exits first or `timeoutMs` passes. */
  waitFor(text: string, timeoutMs?: number): Promise<string>;
  /** Resolves once `address` answers HTTP; rejects if the process exits first or time runs out. */
  waitUntilServing(address: string): Promise<void>;
  /** SIGTERM, then the process's exit; resolves with everything it wrote to stdout. */
  stop(): Promise<string>;
}

/** `gatehouse serve` as a child process; its stdout carries the greeting and the JSON log lines. */
function startServe(env: Env): Server {
  const child = spawn(process.execPath, [CLI, 'serve'], {
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  teeChildLog(child, childLogFile('cli-serve'));
  let stdout = '';
  let stderr = '';
  let exitCode: number | null | undefined;
  const listeners = new Set<() => void>();
  const notify = (): void => {
    for (const listener of listeners) listener();
  };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    notify();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => {
    child.once('close', (code) => {
      exitCode = code;
      notify();
      resolve();
    });
  });
  const output = (): string => `\nstdout: ${stdout}\nstderr: ${stderr}`;
  return {
    stdout: () => stdout,
    waitFor(text, timeoutMs = SERVE_START_MS) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          if (stdout.includes(text)) finish(() => resolve(stdout));
          else if (exitCode !== undefined)
            finish(() =>
              reject(new Error(`serve exited (${exitCode}) before printing "${text}"${output()}`)),
            );
        };
        const timer = setTimeout(() => {
          finish(() => reject(new Error(`serve did not print "${text}" within ${timeoutMs} ms${output()}`)));
        }, timeoutMs);
        const finish = (settle: () => void): void => {
          clearTimeout(timer);
          listeners.delete(check);
          settle();
        };
        listeners.add(check);
        check();
      });
    },
    async waitUntilServing(address) {
      const deadline = Date.now() + SERVE_START_MS;
      for (;;) {
        if (exitCode !== undefined) throw new Error(`serve exited (${exitCode}) before serving${output()}`);
        try {
          await fetch(`${address}/payment/rest/getOrderStatusExtended.do`, {
            method: 'POST',
            signal: AbortSignal.timeout(5_000),
          });
          return;
        } catch {
          if (Date.now() > deadline) throw new Error(`serve did not answer at ${address} in time${output()}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    },
    async stop() {
      if (exitCode === undefined) {
        child.kill('SIGTERM');
        const killTimer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(killTimer);
      }
      return stdout;
    },
  };
}

/** The 'Gatehouse is listening' log entry, if stdout holds it. */
function listeningEntry(stdout: string): { address?: string; database?: string } | undefined {
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { msg?: string; address?: string; database?: string };
    if (entry.msg === 'Gatehouse is listening') return entry;
  }
  return undefined;
}

function uniqueLogin(prefix: string): string {
  return `${prefix}${randomBytes(4).toString('hex')}`;
}

interface CreatedJson {
  merchantLogin: string;
  userName: string;
  password: string;
  token?: string;
}

interface ShowJson {
  login: string;
  parent: string | null;
  userNames: string[];
  activeTokens: number;
  permissions: string[];
  actsFor: string[];
  sessionTimeoutSecs: number;
  rateLimitPerSecond: number;
  requireSignature: boolean;
  certificates: { fingerprintSha256: string; subject: string; validTo: string }[];
}

for (const engine of ENGINES) {
  // The tests are independent (own logins, own databases for migrate and serve): two at a time use both cores.
  describe(`${engine}: the gatehouse CLI`, { concurrency: 2 }, () => {
    const databases: TestDatabase[] = [];
    const masterKey = randomBytes(32).toString('base64');
    let database: TestDatabase;
    let env: Env;
    let certDir: string;
    /** The same database opened in this process: quick setup and checks for what a test is not about. */
    let admin: MerchantAdmin;
    let store: Store;

    async function freshDatabase(options: { readonly empty?: boolean } = {}): Promise<TestDatabase> {
      const created = await createTestDatabase(engine, options);
      databases.push(created);
      return created;
    }

    const cli = (...args: string[]): Promise<CliResult> => runCli(args, env);

    async function create(...args: string[]): Promise<CreatedJson> {
      const result = await cli('merchant', 'create', ...args, '--json');
      assertOk(result);
      return JSON.parse(result.stdout) as CreatedJson;
    }

    before(async () => {
      database = await freshDatabase();
      env = dbEnv(database, masterKey);
      certDir = mkdtempSync(join(tmpdir(), 'gatehouse-cli-cert-'));
      ({ admin, store } = await openAdmin(loadConfig(env)));
    });
    after(async () => {
      await store.close();
      rmSync(certDir, { recursive: true, force: true });
      for (const created of databases) await created.drop();
    });

    test('merchant create --token --permission --json prints one JSON object with the secrets', async () => {
      const login = uniqueLogin('c');
      const first = await create('--login', login, '--token', '--permission', 'preAuth');
      assert.deepEqual(Object.keys(first).sort(), ['merchantLogin', 'password', 'token', 'userName']);
      assert.equal(first.merchantLogin, login);
      assert.equal(first.userName, `${login}-api`);
      assert.ok(first.password.length > 0 && first.password.length <= 30, `password "${first.password}"`);
      assert.ok(typeof first.token === 'string' && first.token.length > 0, 'a token is issued');
      // A second merchant gets different, random secrets.
      const second = await create('--login', uniqueLogin('c'), '--token');
      assert.notEqual(second.password, first.password);
      assert.notEqual(second.token, first.token);
      assert.equal((await admin.show(first.merchantLogin)).activeTokens, 1);
      assert.deepEqual((await admin.show(first.merchantLogin)).permissions, ['preAuth']);
    });

    test('merchant create --password uses the password as given; without --token no token is issued', async () => {
      const created = await create('--login', uniqueLogin('p'), '--password', 'Given-Pass_123');
      assert.equal(created.password, 'Given-Pass_123');
      assert.equal(created.token, undefined);
      const summary = await admin.show(created.merchantLogin);
      assert.equal(summary.activeTokens, 0);
      assert.deepEqual(summary.permissions, []);
    });

    test('merchant create with an unknown permission exits non-zero with a clear message and creates nothing', async () => {
      const login = uniqueLogin('u');
      const result = await cli(
        'merchant',
        'create',
        '--login',
        login,
        '--permission',
        'preAuth',
        '--permission',
        'flyToTheMoon',
        '--json',
      );
      assertFails(result, /unknown permission.*flyToTheMoon/);
      assert.equal(result.stdout, '');
      await assert.rejects(admin.show(login), /does not exist/);
    });

    test('merchant create with a login that exists already exits non-zero', async () => {
      const login = uniqueLogin('d');
      await admin.create({ login });
      const again = await cli('merchant', 'create', '--login', login, '--json');
      assertFails(again, new RegExp(`"${login}".*exists already`));
      assert.equal(again.stdout, '');
    });

    test('merchant show lists permissions, users and tokens, never the password or token in clear', async () => {
      const login = uniqueLogin('s');
      const created = await create('--login', login, '--token', '--permission', 'preAuth');
      const asJson = await cli('merchant', 'show', '--login', login, '--json');
      assertOk(asJson);
      const summary = JSON.parse(asJson.stdout) as ShowJson;
      assert.equal(summary.login, login);
      assert.deepEqual(summary.permissions, ['preAuth']);
      assert.deepEqual(summary.userNames, [`${login}-api`]);
      assert.equal(summary.activeTokens, 1);
      const asText = await cli('merchant', 'show', '--login', login);
      assertOk(asText);
      assert.match(asText.stdout, /activeTokens: 1/);
      for (const output of [asJson.stdout, asText.stdout, asJson.stderr, asText.stderr]) {
        assert.ok(!output.includes(created.password), 'the password is never shown');
        assert.ok(!output.includes(created.token ?? '(no token)'), 'the token is never shown');
      }
    });

    test('merchant permit and revoke change permissions and the right to act for another merchant', async () => {
      const login = uniqueLogin('g');
      const target = uniqueLogin('t');
      await admin.create({ login, permissions: ['preAuth'] });
      await admin.create({ login: target });
      assertOk(
        await cli(
          'merchant',
          'permit',
          '--login',
          login,
          '--permission',
          'feeInput',
          '--view-transactions-of',
          target,
        ),
      );
      const granted = await admin.show(login);
      assert.deepEqual([...granted.permissions].sort(), ['feeInput', 'preAuth']);
      assert.deepEqual(granted.actsFor, [target]);
      assertOk(
        await cli(
          'merchant',
          'revoke',
          '--login',
          login,
          '--permission',
          'feeInput',
          '--view-transactions-of',
          target,
        ),
      );
      const revoked = await admin.show(login);
      assert.deepEqual(revoked.permissions, ['preAuth']);
      assert.deepEqual(revoked.actsFor, []);
      assertFails(
        await cli('merchant', 'permit', '--login', login, '--permission', 'flyToTheMoon'),
        /unknown permission.*flyToTheMoon/,
      );
    });

    test('merchant list lists the logins, children with their parent', async () => {
      const parent = uniqueLogin('lp');
      const child = uniqueLogin('lc');
      await admin.create({ login: parent });
      await admin.create({ login: child, parentLogin: parent });
      const text = await cli('merchant', 'list');
      assertOk(text);
      const lines = text.stdout.split('\n');
      assert.ok(lines.includes(parent), text.stdout);
      assert.ok(lines.includes(`${child} (child of ${parent})`), text.stdout);
      const json = await cli('merchant', 'list', '--json');
      assertOk(json);
      const rows = JSON.parse(json.stdout) as { login: string; parent: string | null }[];
      assert.deepEqual(
        rows.find((row) => row.login === child),
        { login: child, parent },
      );
      assert.deepEqual(
        rows.find((row) => row.login === parent),
        { login: parent, parent: null },
      );
    });

    test('merchant set changes the rate limit and session timeout', async () => {
      const login = uniqueLogin('r');
      await admin.create({ login });
      const initial = await admin.show(login);
      assert.notEqual(initial.rateLimitPerSecond, 5);
      assert.notEqual(initial.sessionTimeoutSecs, 60);
      assertOk(
        await cli('merchant', 'set', '--login', login, '--rate-limit', '5', '--session-timeout', '60'),
      );
      const updated = await admin.show(login);
      assert.equal(updated.rateLimitPerSecond, 5);
      assert.equal(updated.sessionTimeoutSecs, 60);
    });

    test('wallet key import, wallet show and wallet trust (issue 10)', async () => {
      const login = uniqueLogin('w');
      await admin.create({ login });
      const keyFile = join(certDir, `${login}-wallet.pem`);
      writeFileSync(
        keyFile,
        generateKeyPairSync('ec', { namedCurve: 'P-256' })
          .privateKey.export({ type: 'pkcs8', format: 'pem' })
          .toString(),
      );
      const imported = await cli(
        'wallet',
        'key',
        'import',
        '--login',
        login,
        '--wallet',
        'b',
        '--private-key',
        keyFile,
        '--recipient-id',
        'merchant:42',
      );
      assertOk(imported);
      assert.equal((JSON.parse(imported.stdout) as { recipientId: string }).recipientId, 'merchant:42');
      // Issue 25: a created wallet B key shows what the merchant gives the vendor.
      const created = await cli('wallet', 'key', 'create', '--login', login, '--wallet', 'b');
      assertOk(created);
      const made = JSON.parse(created.stdout) as { recipientId: string; publicKey: string };
      assert.equal(made.recipientId, `merchant:${login}`);
      const point = Buffer.from(made.publicKey, 'base64');
      assert.deepEqual([point.length, point[0]], [65, 0x04], 'the uncompressed P-256 point');
      // Issue 25: wallet C takes RSA keys only, named by the hash its tokens carry as `kid`.
      const rsaFile = join(certDir, `${login}-wallet-c.pem`);
      const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
      writeFileSync(rsaFile, rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
      const importedC = await cli(
        'wallet',
        'key',
        'import',
        '--login',
        login,
        '--wallet',
        'c',
        '--private-key',
        rsaFile,
      );
      assertOk(importedC);
      assert.equal(
        (JSON.parse(importedC.stdout) as { publicKeyHash: string }).publicKeyHash,
        createHash('sha256')
          .update(rsa.publicKey.export({ type: 'spki', format: 'der' }))
          .digest('base64'),
      );
      assertFails(
        await cli('wallet', 'key', 'import', '--login', login, '--wallet', 'c', '--private-key', keyFile),
        /wallet c keys are RSA keys/,
      );
      const shown = await cli('wallet', 'show', '--login', login);
      assertOk(shown);
      assert.equal((JSON.parse(shown.stdout) as unknown[]).length, 3);
      assert.ok(!shown.stdout.includes('PRIVATE KEY'));
      assertFails(await cli('wallet', 'trust', '--wallet', 'a', '--root-keys', keyFile), /--root-ca/);
    });

    test('keys show --ds prints the sandbox directory: its device data certificate under its DS-CA root (issue 25)', async () => {
      const first = await cli('keys', 'show', '--ds');
      assertOk(first);
      const pems = first.stdout.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g) ?? [];
      assert.equal(pems.length, 2, first.stdout);
      const [device, root] = pems.map((pem) => new X509Certificate(pem));
      assert.ok(device !== undefined && root !== undefined);
      assert.ok(device.checkIssued(root) && device.verify(root.publicKey));
      assert.equal(device.publicKey.asymmetricKeyDetails?.namedCurve, 'prime256v1');
      assert.match(first.stdout, /# DS ID A999999999/);
      // Kept in the database: every later call (and every node) shows the same directory.
      assert.equal((await cli('keys', 'show', '--ds')).stdout, first.stdout);
      assertFails(
        await runCli(['keys', 'show', '--ds'], { ...env, GATEHOUSE_ENV: 'production' }),
        /off under GATEHOUSE_ENV=production/,
      );
    });

    test('GATEHOUSE_ENV=production: minting refused, the sandbox vendors removed on request (issue 25)', async () => {
      const production = (...args: string[]) => runCli(args, { ...env, GATEHOUSE_ENV: 'production' });
      assertFails(
        await production('keys', 'se-token', '--pan', '4111111111111111', '--expiry', '203412'),
        /se-token is a sandbox tool/,
      );
      assertFails(
        await production(
          'wallet',
          'token',
          '--login',
          'nobody',
          '--wallet',
          'b',
          '--pan',
          '4111111111111111',
          '--expiry',
          '203412',
        ),
        /sandbox wallets are off/,
      );
      const removed = await cli('wallet', 'sandbox', 'remove');
      assertOk(removed);
      assert.equal(typeof (JSON.parse(removed.stdout) as { removed: number }).removed, 'number');
    });

    test('dcc rates set and list keep decimal rates exactly; bad values change nothing (issue 11)', async () => {
      assertOk(
        await cli(
          'dcc',
          'rates',
          'set',
          '--from',
          '978',
          '--to',
          '840',
          '--rate',
          '1.08320',
          '--markup',
          '3.50',
        ),
      );
      assertOk(await cli('dcc', 'rates', 'set', '--from', '978', '--to', '392', '--rate', '161.234'));
      const listed = await cli('dcc', 'rates', 'list', '--json');
      assertOk(listed);
      const rows = JSON.parse(listed.stdout) as {
        to_currency: string;
        rate: string;
        markup_percent: string;
      }[];
      const usd = rows.find((row) => row.to_currency === '840');
      assert.deepEqual([usd?.rate, usd?.markup_percent], ['1.0832', '3.5']);
      assert.equal(rows.find((row) => row.to_currency === '392')?.markup_percent, '0');
      assertFails(
        await cli('dcc', 'rates', 'set', '--from', '978', '--to', '840', '--rate', '1e3'),
        /--rate/,
      );
      assertFails(await cli('dcc', 'rates', 'set', '--from', '978', '--to', '999', '--rate', '1'), /--to/);
      assertFails(
        await cli('dcc', 'rates', 'set', '--from', '978', '--to', '840', '--rate', '1.1', '--markup', '101'),
        /--markup/,
      );
      const after = JSON.parse((await cli('dcc', 'rates', 'list', '--json')).stdout) as { rate: string }[];
      assert.deepEqual(after, rows);
      const text = await cli('dcc', 'rates', 'list');
      assert.match(text.stdout, /978 EUR -> 840 USD {2}rate 1\.0832 {2}markup 3\.5 %/);
    });

    test('merchant set --p2p-fee stores a fee plan, none removes it, a malformed one changes nothing (issue 12)', async () => {
      const login = uniqueLogin('fee');
      await admin.create({ login });
      assertOk(
        await cli('merchant', 'set', '--login', login, '--p2p-fee', 'percent=1.5,fixed=30,min=50,max=5000'),
      );
      const fee = async () =>
        (
          await store.db
            .selectFrom('merchants')
            .select('p2p_fee')
            .where('login', '=', login)
            .executeTakeFirstOrThrow()
        ).p2p_fee;
      assert.deepEqual(JSON.parse((await fee()) ?? 'null'), {
        percent: '1.5',
        fixedMinor: 30,
        minMinor: 50,
        maxMinor: 5000,
      });
      assertFails(
        await cli('merchant', 'set', '--login', login, '--p2p-fee', 'percent=lots'),
        /--p2p-fee: percent/,
      );
      assert.deepEqual(JSON.parse((await fee()) ?? 'null'), {
        percent: '1.5',
        fixedMinor: 30,
        minMinor: 50,
        maxMinor: 5000,
      });
      assertOk(await cli('merchant', 'set', '--login', login, '--p2p-fee', 'none'));
      assert.equal(await fee(), null);
    });

    test('merchant set --require-signature needs a certificate; merchant cert add provides one', async () => {
      const login = uniqueLogin('k');
      await admin.create({ login });
      assertFails(
        await cli('merchant', 'set', '--login', login, '--require-signature', 'true'),
        /certificate/,
      );
      assert.equal((await admin.show(login)).requireSignature, false);

      const certFile = join(certDir, `${login}.pem`);
      writeFileSync(certFile, signingKey.certificatePem);
      const added = await cli('merchant', 'cert', 'add', '--login', login, '--file', certFile);
      assertOk(added);
      assert.match(added.stdout, /fingerprintSha256: ([0-9A-F]{2}:){31}[0-9A-F]{2}/);

      assertOk(await cli('merchant', 'set', '--login', login, '--require-signature', 'true'));
      const summary = await admin.show(login);
      assert.equal(summary.requireSignature, true);
      assert.equal(summary.certificates.length, 1);
      assert.match(summary.certificates[0]?.subject ?? '', /CN=gatehouse-cli/);
    });

    test('migrate applies the migrations to an empty database, then says it is up to date', async () => {
      const empty = await freshDatabase({ empty: true });
      const emptyEnv = dbEnv(empty, masterKey);
      const first = await runCli(['migrate'], emptyEnv);
      assertOk(first);
      assert.match(first.stdout, /^applied: 0001-foundation/);
      const second = await runCli(['migrate'], emptyEnv);
      assertOk(second);
      assert.equal(second.stdout.trim(), 'the database is up to date');
    });

    test('an invalid configuration exits non-zero and names the variable', async () => {
      const badDb = await runCli(['merchant', 'list'], { ...env, GATEHOUSE_DB: 'mysql://x' });
      assertFails(badDb, /GATEHOUSE_DB/);
      const badPort = await runCli(['migrate'], { ...env, PORT: 'abc' });
      assertFails(badPort, /PORT/);
    });

    test('serve on an empty database prints the sandbox credentials and a first request', async () => {
      const empty = await freshDatabase();
      const port = await freePort();
      const server = startServe({
        ...dbEnv(empty, masterKey),
        PORT: String(port),
        GATEHOUSE_LOG_LEVEL: 'info',
      });
      try {
        const stdout = await server.waitFor('Then read it back');
        assert.match(stdout, /Created the sandbox merchant/);
        assert.match(stdout, /merchant login: sandbox\n/);
        assert.match(stdout, /userName: +sandbox-api\n/);
        const password = /password: +(\S+)\n/.exec(stdout)?.[1];
        assert.ok(password !== undefined && password.length > 0 && password.length <= 30, stdout);
        assert.match(stdout, /token: +\S+\n/);
        assert.ok(stdout.includes(`curl -s http://localhost:${port}/payment/rest/register.do`), stdout);
        assert.ok(stdout.includes(`-d userName=sandbox-api -d password=${password}`), stdout);
      } finally {
        await server.stop();
      }
    });

    test('serve logs "Gatehouse is listening" on stdout while it runs, not only at shutdown', async () => {
      const empty = await freshDatabase();
      const port = await freePort();
      const server = startServe({
        ...dbEnv(empty, masterKey),
        PORT: String(port),
        GATEHOUSE_LOG_LEVEL: 'info',
      });
      try {
        await server.waitUntilServing(`http://127.0.0.1:${port}`);
        // An operator (or an orchestrator) reads this line to know the server is up.
        const stdout = await server.waitFor('Gatehouse is listening', 2_000);
        assert.equal(listeningEntry(stdout)?.address, `http://127.0.0.1:${port}`);
      } finally {
        await server.stop();
      }
    });

    test('serve with GATEHOUSE_SANDBOX_MERCHANT=false creates no sandbox merchant', async () => {
      const empty = await freshDatabase();
      const emptyEnv = dbEnv(empty, masterKey);
      const port = await freePort();
      const server = startServe({
        ...emptyEnv,
        PORT: String(port),
        GATEHOUSE_LOG_LEVEL: 'info',
        GATEHOUSE_SANDBOX_MERCHANT: 'false',
      });
      let stdout: string;
      try {
        await server.waitUntilServing(`http://127.0.0.1:${port}`);
      } finally {
        stdout = await server.stop();
      }
      assert.equal(listeningEntry(stdout)?.database, engine, stdout);
      assert.ok(!stdout.includes('Created the sandbox merchant'), stdout);
      assert.ok(!stdout.includes('password'), stdout);
      const list = await runCli(['merchant', 'list'], emptyEnv);
      assertOk(list);
      assert.equal(list.stdout, '');
    });

    test('credentials printed by merchant create work against serve on the same database', async () => {
      const login = uniqueLogin('w');
      const created = await create('--login', login, '--token');
      const port = await freePort();
      const address = `http://127.0.0.1:${port}`;
      const server = startServe({ ...env, PORT: String(port), GATEHOUSE_LOG_LEVEL: 'info' });
      let stdout: string;
      try {
        await server.waitUntilServing(address);
        const register = async (
          params: Record<string, string | number>,
        ): Promise<Record<string, unknown>> => {
          const response = await fetch(`${address}/payment/rest/register.do`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: formBody({
              amount: 1000,
              currency: '978',
              returnUrl: 'https://shop.example/ok',
              ...params,
            }),
          });
          assert.equal(response.status, 200);
          return (await response.json()) as Record<string, unknown>;
        };
        const byPassword = await register({
          userName: created.userName,
          password: created.password,
          orderNumber: 'cli-1',
        });
        assert.match(String(byPassword.orderId), /^[0-9a-f-]{36}$/, JSON.stringify(byPassword));
        const byToken = await register({ token: created.token ?? '', orderNumber: 'cli-2' });
        assert.match(String(byToken.orderId), /^[0-9a-f-]{36}$/, JSON.stringify(byToken));
        const wrong = await register({
          userName: created.userName,
          password: `${created.password}x`,
          orderNumber: 'cli-3',
        });
        assert.equal(wrong.errorCode, '5', JSON.stringify(wrong));
        assert.equal(wrong.orderId, undefined);

        // A password changed by the CLI (another process) takes effect on the running server.
        assertOk(await cli('merchant', 'set', '--login', login, '--password', 'Changed-Pass_9'));
        let old: Record<string, unknown> = {};
        for (let attempt = 0; attempt < 40; attempt += 1) {
          old = await register({
            userName: created.userName,
            password: created.password,
            orderNumber: `cli-old-${attempt}`,
          });
          if (old.errorCode !== undefined) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        assert.equal(old.errorCode, '5', `the old password still works: ${JSON.stringify(old)}`);
        const changed = await register({
          userName: created.userName,
          password: 'Changed-Pass_9',
          orderNumber: 'cli-4',
        });
        assert.match(String(changed.orderId), /^[0-9a-f-]{36}$/, JSON.stringify(changed));
      } finally {
        stdout = await server.stop();
      }
      // The database has merchants already: no sandbox greeting.
      assert.ok(!stdout.includes('Created the sandbox merchant'), stdout);
      assert.ok(!stdout.includes(created.password), 'the password is never logged');
    });
  });
}

describe('gatehouse sign (issue 12): the signature headers of a body, as the P2P calls check them', () => {
  test('prints X-Hash and X-Signature that verify; a missing or non-RSA key is a clear error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-sign-'));
    try {
      const keyFile = join(dir, 'merchant.key');
      const bodyFile = join(dir, 'body.json');
      const body = '{"username":"shop-api","password":"secret","amount":100}';
      writeFileSync(keyFile, signingKey.privateKeyPem);
      writeFileSync(bodyFile, body);
      const printed = await runCli(['sign', '--key', keyFile, '--body', bodyFile], {});
      assertOk(printed);
      const headers = Object.fromEntries(
        printed.stdout
          .trim()
          .split('\n')
          .map((line) => line.split(': ') as [string, string]),
      );
      assert.deepEqual(Object.keys(headers), ['X-Hash', 'X-Signature']);
      assert.doesNotThrow(() =>
        checkRequestSignature(Buffer.from(body), headers['X-Hash'], headers['X-Signature'], [
          createPublicKey(signingKey.privateKey),
        ]),
      );
      const json = await runCli(['sign', '--key', keyFile, '--body', bodyFile, '--json'], {});
      assert.deepEqual(JSON.parse(json.stdout), headers);
      assertFails(
        await runCli(['sign', '--key', join(dir, 'none.key'), '--body', bodyFile], {}),
        /cannot read/,
      );
      const ecKey = join(dir, 'ec.key');
      writeFileSync(
        ecKey,
        generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
          type: 'pkcs8',
          format: 'pem',
        }),
      );
      assertFails(await runCli(['sign', '--key', ecKey, '--body', bodyFile], {}), /not an RSA key/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
