import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { loadMasterKey, MASTER_KEY_FILE } from './master-key.js';

function withDataDir(run: (dataDir: string) => void): void {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-key-'));
  try {
    run(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

test('production never makes its own master key: no key given, no key file, the start is refused', () => {
  withDataDir((dataDir) => {
    const config = loadConfig({ GATEHOUSE_ENV: 'production', GATEHOUSE_DATA_DIR: dataDir }, '/tmp');
    assert.throws(
      () => loadMasterKey(config),
      (error: unknown) =>
        error instanceof ConfigError &&
        /GATEHOUSE_ENV=production/.test(error.message) &&
        error.message.includes('GATEHOUSE_MASTER_KEY'),
    );
    assert.equal(existsSync(join(dataDir, MASTER_KEY_FILE)), false, 'no key file was written');
  });
});

test('production takes GATEHOUSE_MASTER_KEY or an existing key file; the sandbox still makes one', () => {
  withDataDir((dataDir) => {
    const key = randomBytes(32);
    const given = loadConfig(
      {
        GATEHOUSE_ENV: 'production',
        GATEHOUSE_DATA_DIR: dataDir,
        GATEHOUSE_MASTER_KEY: key.toString('base64'),
      },
      '/tmp',
    );
    assert.deepEqual(loadMasterKey(given).current, key);
    writeFileSync(join(dataDir, MASTER_KEY_FILE), `${key.toString('base64')}\n`, { mode: 0o600 });
    const fromFile = loadConfig({ GATEHOUSE_ENV: 'production', GATEHOUSE_DATA_DIR: dataDir }, '/tmp');
    assert.deepEqual(loadMasterKey(fromFile).current, key);
  });
  withDataDir((dataDir) => {
    const made = loadMasterKey(loadConfig({ GATEHOUSE_DATA_DIR: dataDir }, '/tmp'));
    assert.equal(made.generatedAt, join(dataDir, MASTER_KEY_FILE));
  });
});
