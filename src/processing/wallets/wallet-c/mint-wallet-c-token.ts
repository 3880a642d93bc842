import {
  constants,
  createCipheriv,
  createHash,
  publicEncrypt,
  randomBytes,
  type KeyObject,
} from 'node:crypto';

/** What a sandbox wallet C credential holds (protocols-jose.md §6.5). */
export interface WalletCSandboxPayment {
  readonly tokenPan: string;
  /** MMYY, as the vendor writes it. */
  readonly tokenPanExpiration: string;
  readonly amountMinor: number;
  /** ISO 4217 alphabetic. */
  readonly currencyCode: string;
  readonly cryptogram?: string;
  readonly eci?: string;
  readonly cardholderName?: string;
}

/** Base64 SHA-256 of the public key's SubjectPublicKeyInfo: how a token names its key (§6.2). */
export function walletCKid(publicKey: KeyObject): string {
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');
}

/**
 * Mints a wallet C credential's `3DS.data` as the vendor's server would (§6.8): the JSON payload
 * under AES-128-GCM with a fresh 16-byte key, that key wrapped with RSAES-PKCS1-v1_5 to the
 * merchant's public key. `additionalData` "header" authenticates the protected header as RFC 7516
 * says; "none" leaves it out, as the vendor's sample decryptors expect. Never logs or keeps the key.
 */
export function mintWalletCToken(options: {
  readonly publicKey: KeyObject;
  readonly payment: WalletCSandboxPayment;
  readonly nowMs: number;
  readonly additionalData?: 'header' | 'none';
}): string {
  const { publicKey, payment } = options;
  const header = Buffer.from(
    JSON.stringify({
      alg: 'RSA1_5',
      kid: walletCKid(publicKey),
      typ: 'JOSE',
      channelSecurityContext: 'RSA_PKI',
      enc: 'A128GCM',
    }),
  ).toString('base64url');
  const plaintext = JSON.stringify({
    amount: String(payment.amountMinor),
    currency_code: payment.currencyCode,
    utc: String(options.nowMs),
    eci_indicator: payment.eci ?? '05',
    tokenPAN: payment.tokenPan,
    tokenPanExpiration: payment.tokenPanExpiration,
    cryptogram: payment.cryptogram ?? randomBytes(20).toString('base64'),
    ...(payment.cardholderName === undefined ? {} : { cardholder_name: payment.cardholderName }),
  });
  const cek = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-128-gcm', cek, iv);
  if (options.additionalData !== 'none') cipher.setAAD(Buffer.from(header, 'ascii'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const wrapped = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, cek);
  return [header, wrapped, iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}
