import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_CARDS } from '../../src/processing/sandbox/test-cards.js';
import { TEST_OUTPUT_DIR } from './test-output.js';

/** Every card number any test sends: the sandbox cards, plus the other numbers tests use. */
export const TEST_PANS: readonly string[] = [
  ...TEST_CARDS.map((card) => card.pan),
  '4242424242424242',
  '4111111111111112',
  '41111111111111111111',
  // The device PAN of the wallet B vendor's public ECv2 token (shared/vectors).
  '4895370012003478',
];

/** The cryptogram the wallet tests put in their tokens: never to be found in a log or the database. */
export const WALLET_TEST_CRYPTOGRAM = 'AgAAAAAABk4DWZ4C28yUQAAAAAA=';

/** What only a decrypted wallet token holds: its cryptogram and the names of its plaintext members. */
const WALLET_PLAINTEXT = [
  WALLET_TEST_CRYPTOGRAM.slice(0, 20),
  'onlinePaymentCryptogram',
  'applicationPrimaryAccountNumber',
  'paymentMethodDetails',
  '"cryptogram"',
  // Wallet C: its plaintext's members, and the start of any RSA1_5 JWE (`{"alg":"RSA1_5"`).
  'tokenPanExpiration',
  'eci_indicator',
  'eyJhbGciOiJSU0ExXzUi',
];

/** The device data an app's SDK encrypts (its member names): only the directory server opens it. */
const APP_PLAINTEXT = ['"DPNA"', '"C001"'];

/**
 * Secrets a test learnt that the gateway must never write in clear (an app challenge's session
 * key): kept in a file of the run so the database scans and the after-run log scan look for them.
 */
const SECRETS_FILE = join(TEST_OUTPUT_DIR, 'remembered-secrets.txt');

export function rememberSecret(value: Buffer): void {
  mkdirSync(TEST_OUTPUT_DIR, { recursive: true });
  const forms = [value.toString('hex'), value.toString('base64'), value.toString('base64url')];
  appendFileSync(SECRETS_FILE, `${forms.join('\n')}\n`);
}

function rememberedSecrets(): string[] {
  if (!existsSync(SECRETS_FILE)) return [];
  return readFileSync(SECRETS_FILE, 'utf8')
    .split('\n')
    .filter((line) => line.length >= 16);
}

/** A CVC as it would appear if a request body or a card object were written out. */
export function cvcPatterns(cvc: string): RegExp[] {
  return [
    new RegExp(`"cvc"\\s*:\\s*"?${cvc}`),
    new RegExp(`cvc=${cvc}\\b`),
    new RegExp(`cvc[^a-z]{0,3}${cvc}\\b`, 'i'),
  ];
}

/** Card numbers and CVC shapes found in `text`; a clean text gives []. */
export function cardDataIn(text: string, cvcs: readonly string[] = ['123', '987', '000', '124']): string[] {
  const needles = [...TEST_PANS, ...WALLET_PLAINTEXT, ...APP_PLAINTEXT, ...rememberedSecrets()];
  const found = needles.filter((needle) => text.includes(needle));
  for (const cvc of cvcs) {
    if (cvcPatterns(cvc).some((pattern) => pattern.test(text))) found.push(`CVC ${cvc}`);
  }
  return found;
}
