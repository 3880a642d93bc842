import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// OWASP's scrypt floor (N=2^17, r=8, p=1) costs ~0.3 s here; verified credentials are cached, so
// the cost is paid once per credential, not per request.
export const DEFAULT_SCRYPT_N = 2 ** 15;
/**
 * A lower N for new hashes, never a higher one (config.ts refuses it under GATEHOUSE_ENV=production):
 * the test suite hashes and verifies thousands of throwaway passwords, each 0.1-0.15 s of CPU at
 * the default (a third of some files' CPU). A hash names its own N, so any hash verifies either way.
 */
export const SCRYPT_N_ENV = 'GATEHOUSE_PASSWORD_SCRYPT_N';
export const SCRYPT_N_MIN = 2 ** 10;

/** The N the environment asks for, when it is a power of two from SCRYPT_N_MIN up to the default. */
export function scryptNOf(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  const powerOfTwo = Number.isSafeInteger(n) && n > 0 && (n & (n - 1)) === 0;
  return powerOfTwo && n >= SCRYPT_N_MIN && n <= DEFAULT_SCRYPT_N ? n : undefined;
}

const SCRYPT = {
  N: scryptNOf(process.env[SCRYPT_N_ENV]) ?? DEFAULT_SCRYPT_N,
  r: 8,
  p: 1,
  maxmem: 64 * 1024 * 1024,
} as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$hash`, both in base64: self-describing so parameters can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = encoded.split('$');
  if (scheme !== 'scrypt' || saltText === undefined || keyText === undefined) return false;
  const expected = Buffer.from(keyText, 'base64');
  const actual = await derive(password, Buffer.from(saltText, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash that matches no password, to spend the same time on unknown users. */
export const DUMMY_PASSWORD_HASH = `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${Buffer.alloc(SALT_BYTES).toString('base64')}$${Buffer.alloc(KEY_BYTES).toString('base64')}`;
