import { TEST_CARDS } from '../../src/processing/sandbox/test-cards.js';

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
  const found = [...TEST_PANS, ...WALLET_PLAINTEXT].filter((needle) => text.includes(needle));
  for (const cvc of cvcs) {
    if (cvcPatterns(cvc).some((pattern) => pattern.test(text))) found.push(`CVC ${cvc}`);
  }
  return found;
}
