import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Keyring } from '../security/secret-box.js';
import type { Config } from './config.js';
import { ConfigError } from './config.js';

export const MASTER_KEY_FILE = 'master.key';
/** Keys that were current before a rotation, one base64 key per line, oldest first. */
export const RETIRED_KEYS_FILE = 'master.key.retired';

export interface MasterKey extends Keyring {
  /** Where the keys come from: the environment, or the key files in the data folder. */
  readonly source: 'environment' | 'file';
  /** Set when this call created the key file: the caller warns the operator. */
  readonly generatedAt?: string;
}

function decodeKey(text: string, where: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new ConfigError(`${where} does not hold the base64 of 32 bytes`);
  return key;
}

function retiredFromFile(dataDir: string): Buffer[] {
  const file = join(dataDir, RETIRED_KEYS_FILE);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => decodeKey(line, `${file} line ${index + 1}`));
}

/**
 * The vault keys: GATEHOUSE_MASTER_KEY (and GATEHOUSE_RETIRED_MASTER_KEYS) when set, else the key
 * files of the data folder, else a new key file (mode 0600), except under GATEHOUSE_ENV=production.
 */
export function loadMasterKey(config: Config): MasterKey {
  if (config.masterKeyBase64 !== undefined) {
    return {
      current: Buffer.from(config.masterKeyBase64, 'base64'),
      retired: config.retiredMasterKeysBase64.map((text) => Buffer.from(text, 'base64')),
      source: 'environment',
    };
  }
  const file = join(config.dataDir, MASTER_KEY_FILE);
  if (existsSync(file)) {
    return {
      current: decodeKey(readFileSync(file, 'utf8'), file),
      retired: retiredFromFile(config.dataDir),
      source: 'file',
    };
  }
  // A key made here would seal the vault with a key nobody has backed up yet.
  if (config.environment === 'production') {
    throw new ConfigError(
      `GATEHOUSE_ENV=production needs the vault master key: set GATEHOUSE_MASTER_KEY (base64 of 32 bytes) or put the existing key file at ${file}; a production gateway never makes its own`,
    );
  }
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  return { current: key, retired: [], source: 'file', generatedAt: file };
}

function writeDurably(path: string, text: string, flag: 'a' | 'w'): void {
  const fd = openSync(path, flag, 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Makes a new current key in the data folder. The old key is appended to the retired file (and
 * synced) before the new key replaces master.key by an atomic rename, so no crash loses a key that
 * still seals something.
 */
export function rotateMasterKeyFile(config: Config): MasterKey {
  const before = loadMasterKey(config);
  if (before.source !== 'file') throw new ConfigError('the master key comes from GATEHOUSE_MASTER_KEY');
  const next = randomBytes(32);
  writeDurably(join(config.dataDir, RETIRED_KEYS_FILE), `${before.current.toString('base64')}\n`, 'a');
  const file = join(config.dataDir, MASTER_KEY_FILE);
  const temporary = `${file}.new`;
  writeDurably(temporary, `${next.toString('base64')}\n`, 'w');
  renameSync(temporary, file);
  return { current: next, retired: [...before.retired, before.current], source: 'file' };
}
