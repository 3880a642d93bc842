import { diffieHellman, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { emvConcatKdf } from '../../src/processing/threeds/app-channel/concat-kdf.js';
import { sealContent } from '../../src/processing/threeds/app-channel/content-cipher.js';

/**
 * Device data as an app's 3DS SDK encrypts it to an EC directory key (protocols-jose.md §7.4): an
 * ephemeral key in `epk` under `alg` "ECDH-ES" (iOS) or "dir" (Android), the EMV KDF with the DS
 * ID, A128CBC-HS256, the header as additional data, no encrypted key.
 */
export function sdkEncDataToEcKey(
  alg: 'ECDH-ES' | 'dir',
  directoryPublic: KeyObject,
  dsId: string,
  device: unknown,
): string {
  const ephemeral = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const { kty, crv, x, y } = ephemeral.publicKey.export({ format: 'jwk' });
  const header = Buffer.from(JSON.stringify({ alg, enc: 'A128CBC-HS256', epk: { kty, crv, x, y } })).toString(
    'base64url',
  );
  const key = emvConcatKdf(
    diffieHellman({ privateKey: ephemeral.privateKey, publicKey: directoryPublic }),
    dsId,
  );
  const sealed = sealContent(
    'A128CBC-HS256',
    key,
    Buffer.from(header, 'ascii'),
    Buffer.from(JSON.stringify(device)),
  );
  return [header, '', sealed.iv, sealed.ciphertext, sealed.tag]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}
