import { createPrivateKey, createPublicKey, generateKeyPair, randomBytes, type KeyObject } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ConfigError } from './config.js';

export const GATEWAY_KEY_FILE = 'gateway-rsa.pem';
/** The spec's size for RSA keys (merchant-api.md, Limits). */
export const GATEWAY_KEY_BITS = 2048;

const generateRsaKeyPair = promisify(generateKeyPair);

/** The gateway's own RSA key pair: RSA callback checksums now, seToken decryption later. */
export interface GatewayKeys {
  privateKey(): Promise<KeyObject>;
  /** SPKI PEM, what merchants verify RSA callbacks with (`gatehouse keys show`). */
  publicKeyPem(): Promise<string>;
}

function readKey(file: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(readFileSync(file, 'utf8'));
  } catch {
    throw new ConfigError(`${file} does not hold a PEM private key`);
  }
  if (key.asymmetricKeyType !== 'rsa' || (key.asymmetricKeyDetails?.modulusLength ?? 0) < GATEWAY_KEY_BITS) {
    throw new ConfigError(`${file} must hold an RSA key of at least ${GATEWAY_KEY_BITS} bits`);
  }
  return key;
}

/**
 * Writes the new key under a temporary name, then links it to the final one: link fails when the
 * file exists, so when two processes start at once one key wins and both read the complete file.
 */
async function createKeyFile(dataDir: string, file: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const { privateKey } = await generateRsaKeyPair('rsa', { modulusLength: GATEWAY_KEY_BITS });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, pem, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
}

/**
 * The key pair in `$GATEHOUSE_DATA_DIR/gateway-rsa.pem` (PKCS#8 PEM, mode 0600), created there on
 * first use like the master key. Loaded lazily: generating 2048 bits takes a noticeable moment,
 * and most processes (the CLI, a server without RSA merchants) never need it.
 */
export function gatewayKeys(dataDir: string): GatewayKeys {
  const file = join(dataDir, GATEWAY_KEY_FILE);
  let loading: Promise<KeyObject> | undefined;
  const privateKey = (): Promise<KeyObject> => {
    loading ??= (async () => {
      if (!existsSync(file)) await createKeyFile(dataDir, file);
      return readKey(file);
    })().catch((error: unknown) => {
      // A failure (an unreadable file) is not cached: the operator may fix it while we run.
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    privateKey,
    async publicKeyPem() {
      return createPublicKey(await privateKey())
        .export({ type: 'spki', format: 'pem' })
        .toString();
    },
  };
}
