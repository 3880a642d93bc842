import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** dist/test/integration → bin/gatehouse.js at the root of the checkout. */
const CLI = fileURLToPath(new URL('../../../bin/gatehouse.js', import.meta.url));

/** `gatehouse serve` with only `env` configuring it, as an operator starts it. */
function serve(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => name !== 'PORT' && name !== 'HOST' && !name.startsWith('GATEHOUSE_'),
    ),
  );
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, 'serve'],
      { env: { ...clean, PORT: '0', GATEHOUSE_LOG_LEVEL: 'silent', ...env }, timeout: 20_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error === null ? 0 : typeof error.code === 'number' ? error.code : null,
          output: `${stdout}${stderr}`,
        }),
    );
  });
}

// Configuration only: nothing here reaches a database, so one run serves both engines.
describe('operator-facing messages carry no secret; production keeps its own key (issue 41)', () => {
  test('a refused GATEHOUSE_DB is named without its password', async () => {
    const refused = await serve({ GATEHOUSE_DB: 'mysql://gate:s3cret-pw@db.internal:3306/gh' });
    assert.equal(refused.code, 2, refused.output);
    assert.match(refused.output, /GATEHOUSE_DB must start with sqlite: or postgres:\/\//);
    assert.match(refused.output, /mysql:\/\/gate:\[redacted\]@db\.internal/);
    assert.ok(!refused.output.includes('s3cret-pw'), refused.output);
  });

  test('production without GATEHOUSE_MASTER_KEY or a key file does not start, and writes no key', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-prod-'));
    try {
      const refused = await serve({
        GATEHOUSE_ENV: 'production',
        GATEHOUSE_DB: `sqlite:${join(dataDir, 'gatehouse.sqlite')}`,
        GATEHOUSE_DATA_DIR: dataDir,
      });
      assert.equal(refused.code, 2, refused.output);
      assert.match(refused.output, /GATEHOUSE_ENV=production needs the vault master key/);
      assert.match(refused.output, /GATEHOUSE_MASTER_KEY/);
      assert.equal(existsSync(join(dataDir, 'master.key')), false, readdirSync(dataDir).join(', '));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
