import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

/** dist/test/integration/… → bin/gatehouse.js at the root of the checkout. */
const CLI = fileURLToPath(new URL('../../../bin/gatehouse.js', import.meta.url));
const SPAWN_TIMEOUT_MS = 30_000;
const SANDBOX = '/payment/rest/sandbox';

interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The runner's environment without Gatehouse's variables, then the test database's. */
function childEnv(gh: TestGatehouse, extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || name === 'PORT' || name === 'HOST' || name.startsWith('GATEHOUSE_')) continue;
    env[name] = value;
  }
  return {
    ...env,
    GATEHOUSE_DB: gh.database.url,
    GATEHOUSE_DATA_DIR: gh.database.dataDir,
    GATEHOUSE_MASTER_KEY: gh.gatehouse.config.masterKeyBase64 ?? '',
    GATEHOUSE_LOG_LEVEL: 'silent',
    // Production refuses the suite's cheap password cost.
    ...(extra.GATEHOUSE_ENV === 'production' || process.env.GATEHOUSE_PASSWORD_SCRYPT_N === undefined
      ? {}
      : { GATEHOUSE_PASSWORD_SCRYPT_N: process.env.GATEHOUSE_PASSWORD_SCRYPT_N }),
    ...extra,
  };
}

function runCli(gh: TestGatehouse, args: readonly string[], extra: Record<string, string> = {}) {
  return new Promise<CliResult>((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: childEnv(gh, extra), timeout: SPAWN_TIMEOUT_MS, encoding: 'utf8' },
      (error, stdout, stderr) => {
        resolve({
          code: error === null ? 0 : typeof error.code === 'number' ? error.code : null,
          stdout,
          stderr,
        });
      },
    );
  });
}

const describeResult = (result: CliResult) =>
  `exit ${String(result.code)}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`;

function assertFails(result: CliResult, stderrPattern: RegExp): void {
  assert.ok(result.code !== 0 && result.code !== null, describeResult(result));
  assert.match(result.stderr, stderrPattern, describeResult(result));
}

for (const engine of ENGINES) {
  describe(`${engine}: gatehouse sandbox clock (issue 45)`, () => {
    let gh: TestGatehouse;
    let shop: Awaited<ReturnType<TestGatehouse['createMerchant']>>;

    before(async () => {
      gh = await startTestGatehouse(engine);
      shop = await gh.createMerchant();
    });
    after(() => gh.close());

    test('advance --by 7d prints the clock and what happened; show reads it; reset is refused once there are orders', async () => {
      const orderNumber = `cli-${randomBytes(4).toString('hex')}`;
      const registered = await gh.post('/payment/rest/register.do', {
        ...shop.auth,
        orderNumber,
        amount: 700,
        returnUrl: 'https://shop.example/ok',
        sessionTimeoutSecs: 1200,
      });
      const orderId = String(registered.body.orderId);
      const advanced = await runCli(gh, [
        'sandbox',
        'clock',
        'advance',
        '--login',
        shop.merchantLogin,
        '--by',
        '7d',
      ]);
      assert.equal(advanced.code, 0, describeResult(advanced));
      const [clockLine, ...eventLines] = advanced.stdout.trim().split('\n');
      const moved = /: clock (\S+) -> (\S+)$/.exec(clockLine ?? '');
      assert.ok(moved !== null, advanced.stdout);
      const days = (Date.parse(moved[2] ?? '') - Date.parse(moved[1] ?? '')) / 86_400_000;
      assert.ok(days >= 7 && days < 7.001, advanced.stdout);
      assert.ok(
        eventLines.some((line) => line.includes(`expired  order ${orderId} (${orderNumber})`)),
        advanced.stdout,
      );
      const status = await gh.post('/payment/rest/getOrderStatusExtended.do', { ...shop.auth, orderId });
      assert.equal(status.body.orderStatus, 6, 'expired in the database the server reads');

      const shown = await runCli(gh, ['sandbox', 'clock', 'show', '--login', shop.merchantLogin]);
      assert.equal(shown.code, 0, describeResult(shown));
      assert.match(shown.stdout, /: clock \S+ \(6d23h59m\d+s ahead of real time\)|\(7d ahead of real time\)/);

      assertFails(
        await runCli(gh, ['sandbox', 'clock', 'reset', '--login', shop.merchantLogin]),
        /a test clock goes back to real time only before the first order/,
      );
    });

    test('reset puts a merchant without orders back on real time', async () => {
      const fresh = await gh.createMerchant();
      const moved = await gh.post(`${SANDBOX}/advanceClock.do`, { ...fresh.auth, by: '2w' });
      assert.equal(moved.body.errorCode, '0', moved.text);
      const reset = await runCli(gh, ['sandbox', 'clock', 'reset', '--login', fresh.merchantLogin]);
      assert.equal(reset.code, 0, describeResult(reset));
      assert.match(reset.stdout, /: clock \S+ \(on real time\)/);
    });

    test('GATEHOUSE_ENV=production refuses every clock command', async () => {
      const production = { GATEHOUSE_ENV: 'production' };
      const login = shop.merchantLogin;
      for (const args of [
        ['advance', '--login', login, '--by', '7d'],
        ['show', '--login', login],
        ['reset', '--login', login],
      ]) {
        assertFails(
          await runCli(gh, ['sandbox', 'clock', ...args], production),
          /sandbox clocks are a sandbox tool: off under GATEHOUSE_ENV=production/,
        );
      }
    });
  });
}
