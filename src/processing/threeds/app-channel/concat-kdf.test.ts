import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPrivateKey, createPublicKey, diffieHellman } from 'node:crypto';
import { concatKdf } from './concat-kdf.js';

// RFC 7518 Appendix C: ECDH-ES direct key agreement for A128GCM between Alice's ephemeral key and
// Bob's, with apu "Alice" and apv "Bob". The RFC prints Z and the derived key.
const ALICE_EPHEMERAL = {
  kty: 'EC',
  crv: 'P-256',
  x: 'gI0GAILBdu7T53akrFmMyGcsF3n5dO7MmwNBHKW5SV0',
  y: 'SLW_xSffzlPWrHEVI30DHM_4egVwt3NQqeUD7nMFpps',
};
const BOB = {
  kty: 'EC',
  crv: 'P-256',
  x: 'weNJy2HscCSM6AEDTDg04biOvhFhyyWvOHQfeF_PxMQ',
  y: 'e8lnCO-AlStT-NJVX-crhB7QRYhiix03illJOVAOyck',
  d: 'VEmDZpDXXK8p8N0Cndsxs924q6nS1RXFASRl6BfUqdw',
};
const Z = Buffer.from([
  158, 86, 217, 29, 129, 113, 53, 211, 114, 131, 66, 131, 191, 132, 38, 156, 251, 49, 110, 163, 218, 128, 106,
  72, 246, 218, 167, 121, 140, 254, 144, 196,
]);

test('the Concat KDF for A128GCM direct key agreement gives RFC 7518 Appendix C’s key', () => {
  const sharedSecret = diffieHellman({
    privateKey: createPrivateKey({ key: BOB, format: 'jwk' }),
    publicKey: createPublicKey({ key: ALICE_EPHEMERAL, format: 'jwk' }),
  });
  assert.deepEqual(sharedSecret, Z);
  const key = concatKdf({
    sharedSecret,
    keyBits: 128,
    algorithmId: Buffer.from('A128GCM'),
    partyUInfo: Buffer.from('QWxpY2U', 'base64url'),
    partyVInfo: Buffer.from('Qm9i', 'base64url'),
  });
  assert.equal(key.toString('base64url'), 'VqqN6vgjbSBcIijNcacQGg');
});
