import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  randomBytes,
  randomUUID,
  type KeyObject,
} from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompactEncrypt, CompactSign, compactDecrypt, decodeProtectedHeader } from 'jose';
import {
  IndependentSdk,
  concatKdf,
  emvKdf,
  openJwe,
  splitJwe,
  type ChallengeParameters,
  type Enc,
} from './app-sdk-independent.js';

// The independent SDK is only worth something if its own pieces are right: these tests check them
// against jose, RFC 7518's published vector and a fake ACS written here from §7.11, never against
// Gatehouse.

const utf8 = (text: string): Buffer => Buffer.from(text, 'utf8');
const json = (bytes: Uint8Array): unknown => JSON.parse(Buffer.from(bytes).toString('utf8'));
const three = (counter: number): string => String(counter).padStart(3, '0');
const DS_ID = 'A999999999';

test('the Concat KDF reproduces the RFC 7518 Appendix C known answer', () => {
  const alice = createPrivateKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: 'gI0GAILBdu7T53akrFmMyGcsF3n5dO7MmwNBHKW5SV0',
      y: 'SLW_xSffzlPWrHEVI30DHM_4egVwt3NQqeUD7nMFpps',
      d: '0_NxaRPUMQoAJt50Gz8YiTr8gRTwyEaCumd-MToTmIo',
    },
  });
  const bob = createPublicKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: 'weNJy2HscCSM6AEDTDg04biOvhFhyyWvOHQfeF_PxMQ',
      y: 'e8lnCO-AlStT-NJVX-crhB7QRYhiix03illJOVAOyck',
    },
  });
  const z = diffieHellman({ privateKey: alice, publicKey: bob });
  const key = concatKdf(z, {
    algorithmId: utf8('A128GCM'),
    partyUInfo: utf8('Alice'),
    partyVInfo: utf8('Bob'),
    keyBits: 128,
  });
  assert.equal(key.toString('base64url'), 'VqqN6vgjbSBcIijNcacQGg');
});

test("the Concat KDF and the hand-made A128CBC-HS256 open jose's own ECDH-ES JWE", async () => {
  const recipient = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const plaintext = utf8(JSON.stringify({ DV: '1.0', probe: randomUUID() }));
  const jwe = await new CompactEncrypt(plaintext)
    .setProtectedHeader({ alg: 'ECDH-ES', enc: 'A128CBC-HS256' })
    .setKeyManagementParameters({ apu: utf8('Gatehouse SDK'), apv: utf8(DS_ID) })
    .encrypt(recipient.publicKey);
  const header = decodeProtectedHeader(jwe);
  assert.ok(header.epk !== undefined && typeof header.apu === 'string' && typeof header.apv === 'string');
  const z = diffieHellman({
    privateKey: recipient.privateKey,
    publicKey: createPublicKey({ key: { ...header.epk }, format: 'jwk' }),
  });
  const cek = concatKdf(z, {
    algorithmId: utf8('A128CBC-HS256'),
    partyUInfo: Buffer.from(header.apu, 'base64url'),
    partyVInfo: Buffer.from(header.apv, 'base64url'),
    keyBits: 256,
  });
  assert.deepEqual(openJwe(jwe, cek).plaintext, plaintext);
});

test('an RSA DS key gives standard RSA-OAEP-256 sdkEncData that jose decrypts', async () => {
  const ds = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const dsKeyPem = ds.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const sdk = await IndependentSdk.create({ dsKeyPem, dsId: DS_ID });
  const { plaintext, protectedHeader } = await compactDecrypt(sdk.params.threeDSSDKEncData, ds.privateKey);
  assert.deepEqual(protectedHeader, { alg: 'RSA-OAEP-256', enc: 'A128CBC-HS256' });
  assert.deepEqual(json(plaintext), { DV: '1.0', DD: { C001: 'Android', C002: 'Pixel' }, DPNA: {}, SW: [] });

  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  assert.match(sdk.params.threeDSSDKAppId, uuid);
  assert.match(sdk.params.threeDSSDKTransId, uuid);
  assert.equal(sdk.params.threeDSSDKReferenceNumber, '3DS_LOA_SDK_TEST_020200_00001');
  assert.equal(sdk.messageVersion, '2.1.0');
  const ephemeral = json(utf8(sdk.params.threeDSSDKEphemPubKey)) as Record<string, unknown>;
  assert.deepEqual(Object.keys(ephemeral), ['kty', 'crv', 'x', 'y']);
  assert.doesNotThrow(() => createPublicKey({ key: { ...ephemeral }, format: 'jwk' }));
});

for (const ecAlg of ['ECDH-ES', 'dir'] as const) {
  test(`an EC DS key gives the EMV ${ecAlg} form, open only with the DS ID as PartyVInfo`, async () => {
    const ds = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const dsKeyPem = ds.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const device = { DV: '1.0', DD: { C001: 'iOS' }, DPNA: { C010: 'RE01' }, SW: ['SW01'] };
    const sdk = await IndependentSdk.create({ dsKeyPem, dsId: DS_ID, ecAlg, device });
    const jwe = sdk.params.threeDSSDKEncData;
    const header = decodeProtectedHeader(jwe);
    assert.deepEqual(Object.keys(header).sort(), ['alg', 'enc', 'epk']);
    assert.equal(header.alg, ecAlg);
    assert.equal(header.enc, 'A128CBC-HS256');
    assert.equal(splitJwe(jwe).encryptedKey.length, 0);
    assert.ok(header.epk !== undefined);

    const z = diffieHellman({
      privateKey: ds.privateKey,
      publicKey: createPublicKey({ key: { ...header.epk }, format: 'jwk' }),
    });
    // The same derivation written out as §7.4 gives it, so the test does not lean on emvKdf alone.
    const cek = createHash('sha256')
      .update(Buffer.concat([u32(1), z, u32(0), u32(0), u32(DS_ID.length), utf8(DS_ID), u32(256)]))
      .digest();
    assert.deepEqual(cek, emvKdf(z, DS_ID));
    assert.deepEqual(json(openJwe(jwe, cek).plaintext), device);
    assert.throws(() => openJwe(jwe, emvKdf(z, 'A000000003')), /tag/);
    // Not RFC 7518 ECDH-ES, as §7.4 warns: a standard library must fail on it.
    await assert.rejects(compactDecrypt(jwe, ds.privateKey));
  });
}

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}

// ---- a fake ACS, from the §7.11 recipe ----

interface Pki {
  readonly rootPem: string;
  readonly otherRootPem: string;
  readonly intermediateB64: string;
  readonly ecLeaf: Signer;
  readonly rsaLeaf: Signer;
}

interface Signer {
  readonly alg: 'ES256' | 'PS256';
  readonly key: KeyObject;
  readonly x5c: readonly string[];
}

/** node:crypto cannot issue certificates, so openssl does: root → intermediate → two leaves. */
function makePki(): Pki {
  const dir = mkdtempSync(join(tmpdir(), 'app-sdk-pki-'));
  try {
    const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
    const writeKey = (name: string, key: KeyObject) =>
      writeFileSync(join(dir, name), key.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    writeFileSync(join(dir, 'ca.ext'), 'basicConstraints=critical,CA:TRUE\n');
    writeFileSync(join(dir, 'leaf.ext'), 'basicConstraints=critical,CA:FALSE\n');
    const root = (name: string) => {
      writeKey(`${name}.key`, generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey);
      openssl(
        'req',
        '-x509',
        '-new',
        '-key',
        `${name}.key`,
        '-subj',
        `/CN=Test ${name}`,
        '-days',
        '2',
        '-addext',
        'basicConstraints=critical,CA:TRUE',
        '-out',
        `${name}.pem`,
      );
    };
    let serial = 1;
    const issue = (name: string, key: KeyObject, issuer: string, extensions: string) => {
      writeKey(`${name}.key`, key);
      openssl('req', '-new', '-key', `${name}.key`, '-subj', `/CN=Test ${name}`, '-out', `${name}.csr`);
      serial += 1;
      openssl(
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        `${issuer}.pem`,
        '-CAkey',
        `${issuer}.key`,
        '-set_serial',
        String(serial),
        '-days',
        '2',
        '-extfile',
        extensions,
        '-out',
        `${name}.pem`,
      );
      return key;
    };
    const b64 = (name: string) => derBase64(readFileSync(join(dir, `${name}.pem`), 'utf8'));
    root('root');
    root('other-root');
    issue('intermediate', generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey, 'root', 'ca.ext');
    const ecKey = issue(
      'acs-ec',
      generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey,
      'intermediate',
      'leaf.ext',
    );
    const rsaKey = issue(
      'acs-rsa',
      generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
      'intermediate',
      'leaf.ext',
    );
    return {
      rootPem: readFileSync(join(dir, 'root.pem'), 'utf8'),
      otherRootPem: readFileSync(join(dir, 'other-root.pem'), 'utf8'),
      intermediateB64: b64('intermediate'),
      ecLeaf: { alg: 'ES256', key: ecKey, x5c: [b64('acs-ec'), b64('intermediate')] },
      rsaLeaf: { alg: 'PS256', key: rsaKey, x5c: [b64('acs-rsa'), b64('intermediate')] },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The Base64 body of a PEM certificate is the standard-Base64 DER that x5c wants. */
function derBase64(pem: string): string {
  return pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}

interface AcsSession {
  readonly acsTransID: string;
  readonly threeDSServerTransID: string;
  readonly cek: Buffer;
  readonly skewAtoS: boolean;
  received: number;
  sent: number;
  readonly creqs: Record<string, unknown>[];
  readonly contentTypes: string[];
  readonly erros: Record<string, unknown>[];
}

interface BeginOptions {
  readonly signer: Signer;
  readonly skewAtoS?: boolean;
  readonly payload?: Record<string, unknown>;
  readonly header?: Record<string, unknown>;
}

class FakeAcs {
  readonly sessions = new Map<string, AcsSession>();
  readonly #server: Server;
  #url = '';

  constructor() {
    this.#server = createServer((request, response) => {
      this.#handle(request, response).catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.#url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/acs/challenge`;
  }

  async stop(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** The AReq → ARes step: a fresh ACS key, the session key, and the signed content for the app. */
  async begin(sdk: IndependentSdk, options: BeginOptions): Promise<ChallengeParameters> {
    const sdkEphemPubKey = JSON.parse(sdk.params.threeDSSDKEphemPubKey) as Record<string, unknown>;
    const acs = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const z = diffieHellman({
      privateKey: acs.privateKey,
      publicKey: createPublicKey({ key: sdkEphemPubKey, format: 'jwk' }),
    });
    const reference = utf8(sdk.params.threeDSSDKReferenceNumber);
    const cek = createHash('sha256')
      .update(Buffer.concat([u32(1), z, u32(0), u32(0), u32(reference.length), reference, u32(256)]))
      .digest();
    const { kty, crv, x, y } = acs.publicKey.export({ format: 'jwk' });
    const session: AcsSession = {
      acsTransID: randomUUID(),
      threeDSServerTransID: randomUUID(),
      cek,
      skewAtoS: options.skewAtoS ?? false,
      received: 0,
      sent: 0,
      creqs: [],
      contentTypes: [],
      erros: [],
    };
    this.sessions.set(session.acsTransID, session);
    const payload = {
      acsTransID: session.acsTransID,
      acsRefNumber: 'GATEHOUSE-TEST-ACS',
      acsURL: this.#url,
      acsEphemPubKey: { kty, crv, x, y },
      sdkEphemPubKey,
      ...options.payload,
    };
    const acsSignedContent = await new CompactSign(utf8(JSON.stringify(payload)))
      .setProtectedHeader({ alg: options.signer.alg, x5c: [...options.signer.x5c], ...options.header })
      .sign(options.signer.key);
    return {
      threeDSServerTransID: session.threeDSServerTransID,
      acsTransID: session.acsTransID,
      acsRefNumber: 'GATEHOUSE-TEST-ACS',
      acsSignedContent,
    };
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const contentType = request.headers['content-type'] ?? '';
    if (contentType.startsWith('application/json')) {
      const erro = JSON.parse(body) as Record<string, unknown>;
      this.sessions.get(String(erro.acsTransID))?.erros.push(erro);
      response.writeHead(204).end();
      return;
    }
    const header = decodeProtectedHeader(body);
    const session = this.sessions.get(String(header.kid));
    if (session === undefined) {
      response.writeHead(404).end();
      return;
    }
    session.contentTypes.push(contentType);
    const enc = header.enc as Enc;
    const creq = await this.#decrypt(session, body, enc);
    if (creq === undefined || creq.sdkCounterStoA !== three(session.received)) {
      FakeAcs.#erro(response, session, '302', 'Data decryption failure');
      return;
    }
    session.received += 1;
    session.creqs.push(creq);
    response
      .writeHead(200, { 'content-type': 'application/jose; charset=UTF-8' })
      .end(await this.#cres(session, creq, enc));
  }

  async #decrypt(session: AcsSession, jwe: string, enc: Enc): Promise<Record<string, unknown> | undefined> {
    try {
      const key = enc === 'A128GCM' ? session.cek.subarray(0, 16) : session.cek;
      const { plaintext } = await compactDecrypt(jwe, key, { keyManagementAlgorithms: ['dir'] });
      return json(plaintext) as Record<string, unknown>;
    } catch {
      return undefined;
    }
  }

  async #cres(session: AcsSession, creq: Record<string, unknown>, enc: Enc): Promise<string> {
    const done = creq.challengeDataEntry !== undefined;
    const counter = session.sent + (session.skewAtoS ? 1 : 0);
    session.sent += 1;
    const cres = {
      messageType: 'CRes',
      messageVersion: creq.messageVersion,
      threeDSServerTransID: session.threeDSServerTransID,
      acsTransID: session.acsTransID,
      sdkTransID: creq.sdkTransID,
      acsCounterAtoS: three(counter),
      challengeCompletionInd: done ? 'Y' : 'N',
      ...(done ? { transStatus: creq.challengeDataEntry === '123456' ? 'Y' : 'N' } : { acsUiType: '01' }),
    };
    return new CompactEncrypt(utf8(JSON.stringify(cres)))
      .setProtectedHeader({ alg: 'dir', enc, kid: session.acsTransID })
      .encrypt(enc === 'A128GCM' ? session.cek.subarray(16, 32) : session.cek);
  }

  static #erro(
    response: ServerResponse,
    session: AcsSession,
    errorCode: string,
    errorDescription: string,
  ): void {
    const erro = {
      messageType: 'Erro',
      messageVersion: '2.1.0',
      threeDSServerTransID: session.threeDSServerTransID,
      acsTransID: session.acsTransID,
      errorCode,
      errorComponent: 'A',
      errorDescription,
      errorDetail: 'CReq',
      errorMessageType: 'CReq',
    };
    response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(erro));
  }
}

describe('against a fake ACS', () => {
  let pki: Pki;
  let acs: FakeAcs;
  let dsKeyPem: string;

  before(async () => {
    pki = makePki();
    acs = new FakeAcs();
    await acs.start();
    dsKeyPem = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
  });

  after(async () => {
    await acs.stop();
  });

  const newSdk = () => IndependentSdk.create({ dsKeyPem, dsId: DS_ID });

  for (const [enc, leaf] of [
    ['A128CBC-HS256', 'ecLeaf'],
    ['A128GCM', 'rsaLeaf'],
  ] as const) {
    test(`${enc}: a two-step challenge round-trips under a ${leaf === 'ecLeaf' ? 'ES256' : 'PS256'} signature`, async () => {
      const sdk = await newSdk();
      const parameters = await acs.begin(sdk, { signer: pki[leaf] });
      const challenge = await sdk.challenge(parameters, pki.rootPem, Date.now(), enc);
      const session = acs.sessions.get(parameters.acsTransID);
      assert.ok(session !== undefined);
      assert.deepEqual(challenge.sessionKey, session.cek);
      assert.equal(challenge.acsURL, new URL('/acs/challenge', challenge.acsURL).href);

      const first = await challenge.send({});
      assert.equal(first.status, 200);
      assert.equal(first.contentType, 'application/jose; charset=UTF-8');
      assert.equal(first.cres?.acsCounterAtoS, '000');
      assert.equal(first.cres?.challengeCompletionInd, 'N');
      const second = await challenge.send({ challengeDataEntry: '123456' });
      assert.equal(second.cres?.acsCounterAtoS, '001');
      assert.equal(second.cres?.transStatus, 'Y');

      assert.deepEqual(session.contentTypes, [
        'application/jose; charset=UTF-8',
        'application/jose; charset=UTF-8',
      ]);
      assert.deepEqual(session.creqs[1], {
        messageType: 'CReq',
        messageVersion: '2.1.0',
        threeDSServerTransID: parameters.threeDSServerTransID,
        acsTransID: parameters.acsTransID,
        sdkTransID: sdk.params.threeDSSDKTransId,
        sdkCounterStoA: '001',
        challengeDataEntry: '123456',
      });
    });
  }

  for (const enc of ['A128CBC-HS256', 'A128GCM'] as const) {
    test(`${enc}: a CRes with the wrong acsCounterAtoS is refused`, async () => {
      const sdk = await newSdk();
      const parameters = await acs.begin(sdk, { signer: pki.ecLeaf, skewAtoS: true });
      const challenge = await sdk.challenge(parameters, pki.rootPem, Date.now(), enc);
      await assert.rejects(challenge.send({}), /acsCounterAtoS/);
    });

    test(`${enc}: a flipped tag bit makes the ACS answer Erro 302`, async () => {
      const sdk = await newSdk();
      const parameters = await acs.begin(sdk, { signer: pki.ecLeaf });
      const challenge = await sdk.challenge(parameters, pki.rootPem, Date.now(), enc);
      const reply = await challenge.send({}, { corrupt: 'tag' });
      assert.equal(reply.cres, undefined);
      assert.equal(reply.erro?.errorCode, '302');
      assert.equal(reply.contentType, 'application/json; charset=UTF-8');
    });
  }

  test('a counter override is sent as given and does not advance the counter', async () => {
    const sdk = await newSdk();
    const parameters = await acs.begin(sdk, { signer: pki.ecLeaf });
    const challenge = await sdk.challenge(parameters, pki.rootPem, Date.now());
    assert.equal((await challenge.send({}, { counter: '007' })).erro?.errorCode, '302');
    const reply = await challenge.send({});
    assert.equal(reply.cres?.acsCounterAtoS, '000');
    assert.equal(acs.sessions.get(parameters.acsTransID)?.creqs[0]?.sdkCounterStoA, '000');
  });

  test('sendError posts a plain JSON Erro from the SDK', async () => {
    const sdk = await newSdk();
    const parameters = await acs.begin(sdk, { signer: pki.ecLeaf });
    const challenge = await sdk.challenge(parameters, pki.rootPem, Date.now());
    const reply = await challenge.sendError('402', 'Challenge timed out at the SDK');
    assert.equal(reply.status, 204);
    assert.equal(reply.cres, undefined);
    assert.equal(reply.erro, undefined);
    assert.deepEqual(acs.sessions.get(parameters.acsTransID)?.erros, [
      {
        messageType: 'Erro',
        messageVersion: '2.1.0',
        threeDSServerTransID: parameters.threeDSServerTransID,
        acsTransID: parameters.acsTransID,
        sdkTransID: sdk.params.threeDSSDKTransId,
        errorCode: '402',
        errorComponent: 'C',
        errorDescription: 'Challenge timed out at the SDK',
        errorDetail: 'Challenge timed out at the SDK',
        errorMessageType: 'CReq',
      },
    ]);
  });

  test('doChallenge refuses signed content it cannot trust or that is not its own', async () => {
    const sdk = await newSdk();
    const now = Date.now();
    const refuse = async (parameters: ChallengeParameters, pattern: RegExp, root = pki.rootPem, at = now) =>
      assert.rejects(sdk.challenge(parameters, root, at), pattern);
    const good = await acs.begin(sdk, { signer: pki.ecLeaf });
    await refuse(good, /not issued by the DS root/, pki.otherRootPem);
    await refuse(good, /not valid at/, pki.rootPem, now + 5 * 86_400_000);
    await refuse(good, /not valid at/, pki.rootPem, now - 86_400_000);
    await refuse({ ...good, acsTransID: randomUUID() }, /acsTransID/);

    const leafOnly = { ...pki.ecLeaf, x5c: pki.ecLeaf.x5c.slice(0, 1) };
    await refuse(await acs.begin(sdk, { signer: leafOnly }), /not issued by the DS root/);
    // A chain that checks out, but the signature is not by x5c[0]'s key.
    const notTheSigner = { ...pki.ecLeaf, x5c: [pki.intermediateB64] };
    await refuse(await acs.begin(sdk, { signer: notTheSigner }), /signature verification failed/);
    const urlSafe = pki.ecLeaf.x5c.map((entry) => Buffer.from(entry, 'base64').toString('base64url'));
    assert.notDeepEqual(urlSafe, pki.ecLeaf.x5c);
    await refuse(await acs.begin(sdk, { signer: { ...pki.ecLeaf, x5c: urlSafe } }), /standard Base64/);

    const hs256 = { alg: 'HS256', x5c: [...pki.ecLeaf.x5c] };
    const mac = await new CompactSign(utf8('{}')).setProtectedHeader(hs256).sign(randomBytes(32));
    await refuse({ ...good, acsSignedContent: mac }, /alg HS256/);

    const stranger = JSON.parse((await newSdk()).params.threeDSSDKEphemPubKey) as Record<string, unknown>;
    await refuse(
      await acs.begin(sdk, { signer: pki.ecLeaf, payload: { sdkEphemPubKey: stranger } }),
      /sdkEphemPubKey/,
    );
    // An ACS key JWK that still carries its private scalar.
    const withD = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
    await refuse(
      await acs.begin(sdk, { signer: pki.ecLeaf, payload: { acsEphemPubKey: withD } }),
      /private key/,
    );
  });
});
