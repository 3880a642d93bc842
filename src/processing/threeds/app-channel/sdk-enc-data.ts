import {
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { compactDecrypt, CompactEncrypt, decodeProtectedHeader, type JWEHeaderParameters } from 'jose';
import { concatKdf, emvConcatKdf } from './concat-kdf.js';
import { openContent, sealContent, type ContentEncryption } from './content-cipher.js';

const CONTENT_ENCRYPTIONS: readonly ContentEncryption[] = ['A128CBC-HS256', 'A128GCM'];

/** `sdkEncData` could not be opened: the directory server answers it with an EMV error. */
export class SdkEncDataError extends Error {
  override readonly name = 'SdkEncDataError';
}

/** The directory server's key for device data, and its DS ID (the KDF's PartyVInfo for EC keys). */
export interface DirectoryKey {
  readonly privateKey: KeyObject;
  readonly dsId: string;
}

/**
 * Opens the device data an SDK encrypted to the directory server (protocols-jose.md §7.4). An RSA
 * key takes standard JWE (RSA-OAEP-256 with A128CBC-HS256 or A128GCM), which `jose` decrypts. An
 * EC key takes the SDKs' own form: an ephemeral key in `epk` under `alg` "ECDH-ES" (iOS) or "dir"
 * (Android), A128CBC-HS256 with the content key from the EMV Concat KDF with the DS ID, or A128GCM
 * with RFC 7518's (ellipticContentKey), and the original header as additional data; `jose` would
 * refuse the EMV derivation and the `dir` form, so that path is derived here. Answers the device
 * information object.
 */
export async function openSdkEncData(jwe: string, directory: DirectoryKey): Promise<Record<string, unknown>> {
  let plaintext: Uint8Array;
  try {
    plaintext =
      directory.privateKey.asymmetricKeyType === 'rsa'
        ? (
            await compactDecrypt(jwe, directory.privateKey, {
              keyManagementAlgorithms: ['RSA-OAEP-256'],
              contentEncryptionAlgorithms: ['A128CBC-HS256', 'A128GCM'],
            })
          ).plaintext
        : openEllipticCurveForm(jwe, directory);
  } catch (error) {
    if (error instanceof SdkEncDataError) throw error;
    throw new SdkEncDataError('sdkEncData does not decrypt with the directory key');
  }
  let device: unknown;
  try {
    device = JSON.parse(Buffer.from(plaintext).toString('utf8'));
  } catch {
    throw new SdkEncDataError('the device data is not JSON');
  }
  if (typeof device !== 'object' || device === null || Array.isArray(device))
    throw new SdkEncDataError('the device data is not a JSON object');
  return device as Record<string, unknown>;
}

/**
 * The content key of the EC form. A128CBC-HS256 takes the EMV derivation (the DS ID as PartyVInfo,
 * AlgorithmID empty), as both SDKs read do. A128GCM, which the SDK specification allows beside it
 * and no SDK read uses, takes RFC 7518 §4.6's derivation for direct key agreement: keydatalen 128,
 * AlgorithmID "A128GCM", PartyUInfo and PartyVInfo the header's `apu` and `apv` (empty when absent).
 */
function ellipticContentKey(header: JWEHeaderParameters, sharedSecret: Buffer, dsId: string): Buffer {
  if (header.enc === 'A128CBC-HS256') return emvConcatKdf(sharedSecret, dsId);
  const info = (name: 'apu' | 'apv'): Buffer => {
    const value = header[name];
    if (value === undefined) return Buffer.alloc(0);
    if (typeof value !== 'string') throw new SdkEncDataError(`sdkEncData has a malformed ${name}`);
    return Buffer.from(value, 'base64url');
  };
  return concatKdf({
    sharedSecret,
    keyBits: 128,
    algorithmId: Buffer.from('A128GCM', 'utf8'),
    partyUInfo: info('apu'),
    partyVInfo: info('apv'),
  });
}

function openEllipticCurveForm(jwe: string, directory: DirectoryKey): Buffer {
  const header = decodeProtectedHeader(jwe);
  const enc = CONTENT_ENCRYPTIONS.find((known) => known === header.enc);
  if ((header.alg !== 'ECDH-ES' && header.alg !== 'dir') || enc === undefined || header.epk === undefined)
    throw new SdkEncDataError(
      `sdkEncData with alg ${String(header.alg)} and enc ${String(header.enc)} is not supported`,
    );
  const [protectedPart = '', encryptedKey, iv = '', ciphertext = '', tag = ''] = jwe.split('.');
  if (encryptedKey !== '') throw new SdkEncDataError('sdkEncData carries an encrypted key');
  const sharedSecret = diffieHellman({
    privateKey: directory.privateKey,
    publicKey: createPublicKey({ key: header.epk as JsonWebKey, format: 'jwk' }),
  });
  return openContent(
    enc,
    ellipticContentKey(header, sharedSecret, directory.dsId),
    Buffer.from(protectedPart, 'ascii'),
    {
      iv: Buffer.from(iv, 'base64url'),
      ciphertext: Buffer.from(ciphertext, 'base64url'),
      tag: Buffer.from(tag, 'base64url'),
    },
  );
}

/**
 * The SDK's side (the sandbox SDK): device data encrypted to the directory's key. An RSA key takes
 * RSA-OAEP-256 with A128CBC-HS256 through `jose`; an EC key the SDKs' own form, with `alg`
 * "ECDH-ES" (iOS) or "dir" (Android) beside the ephemeral key.
 */
export async function sealSdkEncData(
  device: unknown,
  directory: { readonly publicKey: KeyObject; readonly dsId: string },
  ecAlg: 'ECDH-ES' | 'dir' = 'ECDH-ES',
): Promise<string> {
  const plaintext = Buffer.from(JSON.stringify(device), 'utf8');
  if (directory.publicKey.asymmetricKeyType === 'rsa') {
    return new CompactEncrypt(plaintext)
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A128CBC-HS256' })
      .encrypt(directory.publicKey);
  }
  const ephemeral = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const { kty, crv, x, y } = ephemeral.publicKey.export({ format: 'jwk' });
  const header = Buffer.from(
    JSON.stringify({ alg: ecAlg, enc: 'A128CBC-HS256', epk: { kty, crv, x, y } }),
  ).toString('base64url');
  const key = emvConcatKdf(
    diffieHellman({ privateKey: ephemeral.privateKey, publicKey: directory.publicKey }),
    directory.dsId,
  );
  const sealed = sealContent('A128CBC-HS256', key, Buffer.from(header, 'ascii'), plaintext);
  return [
    header,
    '',
    sealed.iv.toString('base64url'),
    sealed.ciphertext.toString('base64url'),
    sealed.tag.toString('base64url'),
  ].join('.');
}
