import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { CompactEncrypt, decodeProtectedHeader } from 'jose';
import { emvConcatKdf } from './concat-kdf.js';
import { openContent } from './content-cipher.js';
import { openSdkEncData, SdkEncDataError } from './sdk-enc-data.js';
import { IndependentSdk } from '../../../../test/support/app-sdk-independent.js';

const DS_ID = 'A000000003';
const DEVICE = { DV: '1.0', DD: { C001: 'Android', C002: 'Pixel' }, DPNA: {}, SW: [] };
const encoded = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

let ecDirectory: KeyObject;
let rsaDirectory: KeyObject;
before(() => {
  ecDirectory = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
  rsaDirectory = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
});

/** Device data as an SDK written apart from Gatehouse encrypts it to an EC directory key. */
const sdkEllipticForm = async (alg: 'ECDH-ES' | 'dir', directoryPublic: KeyObject) =>
  (
    await IndependentSdk.create({
      dsKeyPem: directoryPublic.export({ type: 'spki', format: 'pem' }).toString(),
      dsId: DS_ID,
      ecAlg: alg,
      device: DEVICE,
    })
  ).params.threeDSSDKEncData;

test('the Concat KDF and A128CBC-HS256 reproduce what jose does for standard ECDH-ES', async () => {
  const jwe = await new CompactEncrypt(encoded(DEVICE))
    .setProtectedHeader({ alg: 'ECDH-ES', enc: 'A128CBC-HS256' })
    .setKeyManagementParameters({ apv: new TextEncoder().encode(DS_ID) })
    .encrypt(createPublicKey(ecDirectory));
  const header = decodeProtectedHeader(jwe);
  const sharedSecret = diffieHellman({
    privateKey: ecDirectory,
    publicKey: createPublicKey({ key: header.epk as JsonWebKey, format: 'jwk' }),
  });
  const [protectedPart = '', , iv = '', ciphertext = '', tag = ''] = jwe.split('.');
  const plaintext = openContent(
    'A128CBC-HS256',
    emvConcatKdf(sharedSecret, DS_ID, 'A128CBC-HS256'),
    Buffer.from(protectedPart, 'ascii'),
    {
      iv: Buffer.from(iv, 'base64url'),
      ciphertext: Buffer.from(ciphertext, 'base64url'),
      tag: Buffer.from(tag, 'base64url'),
    },
  );
  assert.deepEqual(JSON.parse(plaintext.toString('utf8')), DEVICE);
});

test('sdkEncData to an RSA directory key: standard JWE made by jose, CBC-HS256 and GCM', async () => {
  for (const enc of ['A128CBC-HS256', 'A128GCM']) {
    const jwe = await new CompactEncrypt(encoded(DEVICE))
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc })
      .encrypt(createPublicKey(rsaDirectory));
    assert.deepEqual(await openSdkEncData(jwe, { privateKey: rsaDirectory, dsId: DS_ID }), DEVICE);
  }
});

test('sdkEncData to an EC directory key, in both SDKs header forms', async () => {
  for (const alg of ['ECDH-ES', 'dir'] as const) {
    const jwe = await sdkEllipticForm(alg, createPublicKey(ecDirectory));
    assert.deepEqual(await openSdkEncData(jwe, { privateKey: ecDirectory, dsId: DS_ID }), DEVICE, alg);
  }
});

test('another key, another DS ID or a changed tag is refused as undecryptable', async () => {
  const jwe = await sdkEllipticForm('dir', createPublicKey(ecDirectory));
  const stranger = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
  const parts = jwe.split('.');
  const tag = Buffer.from(parts[4] ?? '', 'base64url');
  tag[0] = (tag[0] as number) ^ 1;
  for (const [token, directory] of [
    [jwe, { privateKey: stranger, dsId: DS_ID }],
    [jwe, { privateKey: ecDirectory, dsId: 'A000000004' }],
    [[...parts.slice(0, 4), tag.toString('base64url')].join('.'), { privateKey: ecDirectory, dsId: DS_ID }],
  ] as const)
    await assert.rejects(openSdkEncData(token, directory), SdkEncDataError);
});
