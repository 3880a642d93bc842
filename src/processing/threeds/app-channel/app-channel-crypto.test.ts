import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createCipheriv,
  createHash,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  randomBytes,
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

/**
 * The `dir` + `epk` form with A128GCM, written step by step with node:crypto apart from the code
 * under test: RFC 7518 §4.6.2's Concat KDF (keydatalen 128, AlgorithmID "A128GCM", apu and apv
 * empty), AES-128-GCM with the protected header as additional data.
 */
function directGcmForm(directoryPublic: KeyObject, device: unknown): string {
  const ephemeral = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const { kty, crv, x, y } = ephemeral.publicKey.export({ format: 'jwk' });
  const header = Buffer.from(
    JSON.stringify({ alg: 'dir', enc: 'A128GCM', epk: { kty, crv, x, y } }),
  ).toString('base64url');
  const z = diffieHellman({ privateKey: ephemeral.privateKey, publicKey: directoryPublic });
  const field = (value: Buffer) => Buffer.concat([Buffer.of(0, 0, 0, value.length), value]);
  const key = createHash('sha256')
    .update(Buffer.concat([Buffer.of(0, 0, 0, 1), z, field(Buffer.from('A128GCM')), field(Buffer.alloc(0))]))
    .update(Buffer.concat([field(Buffer.alloc(0)), Buffer.of(0, 0, 0, 128)]))
    .digest()
    .subarray(0, 16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-128-gcm', key, iv).setAAD(Buffer.from(header, 'ascii'));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(device)), cipher.final()]);
  return [header, '', iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

test('sdkEncData to an EC directory key in A128GCM: RFC 7518 direct key agreement, by jose and by hand', async () => {
  const directoryPublic = createPublicKey(ecDirectory);
  const byJose = [
    await new CompactEncrypt(encoded(DEVICE))
      .setProtectedHeader({ alg: 'ECDH-ES', enc: 'A128GCM' })
      .encrypt(directoryPublic),
    await new CompactEncrypt(encoded(DEVICE))
      .setProtectedHeader({ alg: 'ECDH-ES', enc: 'A128GCM' })
      .setKeyManagementParameters({
        apu: new TextEncoder().encode('sdk'),
        apv: new TextEncoder().encode(DS_ID),
      })
      .encrypt(directoryPublic),
  ];
  for (const jwe of [...byJose, directGcmForm(directoryPublic, DEVICE)])
    assert.deepEqual(await openSdkEncData(jwe, { privateKey: ecDirectory, dsId: DS_ID }), DEVICE, jwe);
  const parts = directGcmForm(directoryPublic, DEVICE).split('.');
  const tag = Buffer.from(parts[4] ?? '', 'base64url');
  tag[15] = (tag[15] as number) ^ 0x80;
  await assert.rejects(
    openSdkEncData([...parts.slice(0, 4), tag.toString('base64url')].join('.'), {
      privateKey: ecDirectory,
      dsId: DS_ID,
    }),
    SdkEncDataError,
  );
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
