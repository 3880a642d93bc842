import {
  constants,
  createCipheriv,
  createHash,
  publicEncrypt,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { base64url } from 'jose';

/**
 * A wallet C token made from protocols-jose.md §6.2 and §6.8 alone, sharing no code with
 * Gatehouse's minting: the PKCS #1 v1.5 block is padded here by hand (`00 02 PS 00 CEK`, PS of
 * non-zero random bytes) and encrypted raw, and the parts are encoded with jose's base64url. The
 * gateway accepting it shows the sandbox and the decryptor do not share a private mistake.
 */
export function independentWalletCToken(
  publicKey: KeyObject,
  payload: Record<string, string>,
  options: { readonly rfcAdditionalData: boolean; readonly breakPadding?: boolean },
): string {
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  const header = base64url.encode(
    JSON.stringify({
      alg: 'RSA1_5',
      kid: createHash('sha256').update(spki).digest('base64'),
      typ: 'JOSE',
      channelSecurityContext: 'RSA_PKI',
      enc: 'A128GCM',
    }),
  );
  const cek = randomBytes(16);
  const size = (publicKey.asymmetricKeyDetails?.modulusLength ?? 2048) / 8;
  const padding = Buffer.alloc(size - 3 - cek.length);
  for (let index = 0; index < padding.length; index += 1) {
    let byte = 0;
    while (byte === 0) byte = randomBytes(1)[0] as number;
    padding[index] = byte;
  }
  const block = Buffer.concat([
    Buffer.of(0x00, options.breakPadding === true ? 0x01 : 0x02),
    padding,
    Buffer.of(0),
    cek,
  ]);
  const wrapped = publicEncrypt({ key: publicKey, padding: constants.RSA_NO_PADDING }, block);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-128-gcm', cek, iv);
  if (options.rfcAdditionalData) cipher.setAAD(new TextEncoder().encode(header));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  return [
    header,
    ...[wrapped, iv, ciphertext, cipher.getAuthTag()].map((part) => base64url.encode(part)),
  ].join('.');
}
