import {
  constants,
  createHmac,
  createPrivateKey,
  createPublicKey,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';

/** Callback parameters as sent: every value is text. */
export type CallbackParams = Readonly<Record<string, string>>;

/** Parameters that are never signed: the checksum itself and the key's name (gateway-facts §4.3, step 1). */
export const UNSIGNED_CALLBACK_PARAMS: readonly string[] = ['checksum', 'sign_alias'];

/**
 * Every published RSA vector verifies under SHA-512 only, even one whose `sign_alias` says
 * "SHA-256 with RSA" (gateway-facts §4.3), so merchants' verifiers expect SHA-512.
 */
export const RSA_CHECKSUM_HASH = 'sha512';

/**
 * The signed text of gateway-facts §4.3: all parameters but `checksum` and `sign_alias`, sorted by
 * name (ascending; the default sort compares UTF-16 code units, as Java's String.compareTo does),
 * as `name;value;` each, so the text ends with a `;`.
 */
export function callbackSigningString(params: CallbackParams): string {
  return Object.keys(params)
    .filter((name) => !UNSIGNED_CALLBACK_PARAMS.includes(name))
    .sort()
    .map((name) => `${name};${params[name]};`)
    .join('');
}

/** Symmetric checksum: HMAC-SHA256 keyed with the key text's own bytes (not hex-decoded), upper-case hex. */
export function hmacChecksum(params: CallbackParams, key: string): string {
  return createHmac('sha256', Buffer.from(key, 'utf8'))
    .update(callbackSigningString(params), 'utf8')
    .digest('hex')
    .toUpperCase();
}

/** Asymmetric checksum: RSA PKCS#1 v1.5 with SHA-512 under the gateway's private key, upper-case hex. */
export function rsaChecksum(params: CallbackParams, privateKey: KeyObject | string): string {
  return sign(RSA_CHECKSUM_HASH, Buffer.from(callbackSigningString(params), 'utf8'), {
    key: typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey,
    padding: constants.RSA_PKCS1_PADDING,
  })
    .toString('hex')
    .toUpperCase();
}

/** What a merchant does with an RSA-signed callback; `params` carries the received `checksum`. */
export function verifyRsaChecksum(params: CallbackParams, publicKey: KeyObject | string): boolean {
  const checksum = params.checksum;
  if (checksum === undefined || !/^[0-9A-Fa-f]+$/.test(checksum) || checksum.length % 2 !== 0) return false;
  return verify(
    RSA_CHECKSUM_HASH,
    Buffer.from(callbackSigningString(params), 'utf8'),
    {
      key: typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey,
      padding: constants.RSA_PKCS1_PADDING,
    },
    Buffer.from(checksum, 'hex'),
  );
}
