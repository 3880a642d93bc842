import type { SeTokenContent } from '../domain/se-token-content.js';
import { constants, privateDecrypt, publicEncrypt, randomUUID, type KeyObject } from 'node:crypto';

/**
 * seToken: card data the customer's device encrypted with the gateway's public key
 * (`gatehouse keys show`). Plaintext as the vendor's SDK builds it (gateway-facts §7.2):
 * `timestamp/uuid/PAN/CVC/EXPIRY(YYYYMM)/MDORDER`, empty fields kept empty.
 *
 * The SDK pads with PKCS#1 v1.5, but Node 20 refuses PKCS#1 v1.5 private decryption (the Marvin
 * timing attack, CVE-2023-46809), and a gateway must not switch that protection off. Gatehouse
 * therefore takes RSA-OAEP, with SHA-256 or SHA-1, and says so in
 * docs/decisions/0051-setoken-decrypted-with-rsa-oaep.md.
 */
export type { SeTokenContent };

/** How old (or, with a skewed device clock, how far ahead) a token may be. */
export const SE_TOKEN_AGE_MS_MAX = 60 * 60_000;
export const SE_TOKEN_FUTURE_MS_MAX = 5 * 60_000;
const OAEP_HASHES = ['sha256', 'sha1'] as const;

function parseTimestamp(text: string): number | undefined {
  if (/^\d{10,13}$/.test(text)) return text.length === 13 ? Number(text) : Number(text) * 1000;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

/** The decrypted, well-formed content, or undefined for anything else (never says which part failed). */
export function openSeToken(token: string, privateKey: KeyObject, nowMs: number): SeTokenContent | undefined {
  const ciphertext = Buffer.from(token, 'base64');
  let plaintext: string | undefined;
  for (const oaepHash of OAEP_HASHES) {
    try {
      plaintext = privateDecrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash },
        ciphertext,
      ).toString('utf8');
      break;
    } catch {
      // not this hash, or not ours
    }
  }
  if (plaintext === undefined) return undefined;
  const fields = plaintext.split('/');
  if (fields.length !== 6) return undefined;
  const [timestamp = '', uuid = '', pan = '', cvc = '', expiry = '', mdOrder = ''] = fields;
  const timestampMs = parseTimestamp(timestamp);
  if (
    timestampMs === undefined ||
    nowMs - timestampMs > SE_TOKEN_AGE_MS_MAX ||
    timestampMs - nowMs > SE_TOKEN_FUTURE_MS_MAX
  ) {
    return undefined;
  }
  // The third field is a PAN with its expiry, or a bindingId with the expiry left empty.
  const isPan = /^\d{15,19}$/.test(pan);
  const isBinding = !isPan && /^[A-Za-z0-9-]{1,255}$/.test(pan) && expiry === '';
  if (
    uuid === '' ||
    (!isPan && !isBinding) ||
    (isPan && !/^\d{6}$/.test(expiry)) ||
    (cvc !== '' && !/^\d{3}$/.test(cvc))
  ) {
    return undefined;
  }
  return {
    timestampMs,
    uuid,
    pan: isPan ? pan : undefined,
    bindingId: isBinding ? pan : undefined,
    cvc: cvc === '' ? undefined : cvc,
    expiry,
    mdOrder: mdOrder === '' ? undefined : mdOrder,
  };
}

/** What a device does: for the sandbox token generator and the tests. */
export function sealSeToken(
  card: { pan: string; expiry: string; cvc?: string; mdOrder?: string },
  publicKey: KeyObject | string,
  nowMs: number,
): string {
  const plaintext = [
    new Date(nowMs).toISOString(),
    randomUUID(),
    card.pan,
    card.cvc ?? '',
    card.expiry,
    card.mdOrder ?? '',
  ].join('/');
  return publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(plaintext),
  ).toString('base64');
}
