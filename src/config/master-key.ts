import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.js';
import { ConfigError } from './config.js';

export const MASTER_KEY_FILE = 'master.key';

export interface MasterKey {
  readonly key: Buffer;
  /** Set when this call created the key file: the caller warns the operator. */
  readonly generatedAt?: string;
}

/** The vault master key: from GATEHOUSE_MASTER_KEY, else the key file, else a new key file (mode 0600). */
export function loadMasterKey(config: Config): MasterKey {
  if (config.masterKeyBase64 !== undefined) return { key: Buffer.from(config.masterKeyBase64, 'base64') };
  const file = join(config.dataDir, MASTER_KEY_FILE);
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new ConfigError(`${file} does not hold the base64 of 32 bytes`);
    return { key };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  return { key, generatedAt: file };
}
