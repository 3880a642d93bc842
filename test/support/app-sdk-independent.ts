import { Buffer } from 'node:buffer';
import {
  X509Certificate,
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  randomBytes,
  randomUUID,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import { CompactEncrypt, compactDecrypt, compactVerify, decodeProtectedHeader } from 'jose';

/**
 * The device side of the EMV 3DS 2 app channel (deviceChannel "01"), written from
 * protocols-jose.md §7 alone and sharing no code with Gatehouse. Integration tests drive the
 * gateway's emulated ACS with it: an ACS that only ever met its own messages could share a private
 * misreading of the protocol with the code that made them, and this SDK would not.
 */

export type Enc = 'A128CBC-HS256' | 'A128GCM';

export interface SdkTransactionOptions {
  /** The directory server's public key as the gateway hands it out (threeDSSDKKey): a PEM 'BEGIN PUBLIC KEY' (SPKI) of a P-256 EC key or an RSA key. */
  readonly dsKeyPem: string;
  /** The DS ID: PartyVInfo of the KDF for the EC form (e.g. 'A999999999'). */
  readonly dsId: string;
  /** For an EC DS key: header alg 'ECDH-ES' (iOS form) or 'dir' plus epk (Android form). Default 'ECDH-ES'. RSA keys always use RSA-OAEP-256 + A128CBC-HS256 via jose. */
  readonly ecAlg?: 'ECDH-ES' | 'dir';
  /** The device information JSON to encrypt (default {DV:'1.0', DD:{C001:'Android', C002:'Pixel'}, DPNA:{}, SW:[]}). */
  readonly device?: unknown;
  /** sdkReferenceNumber, default '3DS_LOA_SDK_TEST_020200_00001'. */
  readonly referenceNumber?: string;
  readonly messageVersion?: string; // default '2.1.0'
}

/** What the app sends the merchant's server, named as the gateway's API parameters. */
export interface SdkParams {
  readonly threeDSSDKEncData: string; // JWE compact
  readonly threeDSSDKEphemPubKey: string; // the SDK ephemeral public JWK {kty,crv,x,y} as a JSON STRING
  readonly threeDSSDKAppId: string; // UUID
  readonly threeDSSDKTransId: string; // UUID
  readonly threeDSSDKReferenceNumber: string;
}

export interface ChallengeParameters {
  readonly threeDSServerTransID: string;
  readonly acsTransID: string;
  readonly acsRefNumber: string;
  readonly acsSignedContent: string;
}

export interface ChallengeReply {
  readonly status: number; // HTTP status
  readonly contentType: string; // response content-type header
  readonly cres?: Record<string, unknown>; // decrypted CRes when the body was a JWE
  readonly erro?: Record<string, unknown>; // parsed JSON when the body was an Erro message (not 5 dot-separated parts)
}

/** A public P-256 key as the EMV messages carry it: exactly these four members. */
export interface EcPublicJwk {
  readonly kty: 'EC';
  readonly crv: 'P-256';
  readonly x: string;
  readonly y: string;
}

export interface ConcatKdfInput {
  readonly algorithmId: Uint8Array;
  readonly partyUInfo: Uint8Array;
  readonly partyVInfo: Uint8Array;
  readonly keyBits: number;
}

/** The pieces of a JWE compact serialisation, kept binary so a test can tamper with one. */
export interface JweParts {
  readonly protectedHeader: string;
  readonly encryptedKey: Buffer;
  readonly iv: Buffer;
  readonly ciphertext: Buffer;
  readonly tag: Buffer;
}

export const JOSE_CONTENT_TYPE = 'application/jose; charset=UTF-8';
export const JSON_CONTENT_TYPE = 'application/json; charset=UTF-8';
const DEFAULT_REFERENCE_NUMBER = '3DS_LOA_SDK_TEST_020200_00001';
const DEFAULT_MESSAGE_VERSION = '2.1.0';
// The iOS SDK's per-request limit (§7.7); a hung ACS should fail the test, not stall it.
const REQUEST_TIMEOUT_MS = 10_000;
const STANDARD_BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const JWS_COMPACT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

function defaultDevice(): unknown {
  return { DV: '1.0', DD: { C001: 'Android', C002: 'Pixel' }, DPNA: {}, SW: [] };
}

const utf8 = (text: string): Buffer => Buffer.from(text, 'utf8');

function uint32be(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}

const lengthPrefixed = (data: Uint8Array): Buffer => Buffer.concat([uint32be(data.length), data]);

/** Three decimal digits, the counters' wire form in both directions (§7.7). */
export function pad3(counter: number): string {
  if (!Number.isInteger(counter) || counter < 0 || counter > 999) {
    throw new Error(`A 3DS message counter must stay within 000–999, got ${counter}`);
  }
  return String(counter).padStart(3, '0');
}

/**
 * NIST SP 800-56A single-step Concat KDF with SHA-256. One function serves both the EMV form and
 * RFC 7518's, so proving it against jose's ECDH-ES proves the EMV key too.
 */
export function concatKdf(z: Uint8Array, input: ConcatKdfInput): Buffer {
  const otherInfo = Buffer.concat([
    lengthPrefixed(input.algorithmId),
    lengthPrefixed(input.partyUInfo),
    lengthPrefixed(input.partyVInfo),
    uint32be(input.keyBits),
  ]);
  const blocks: Buffer[] = [];
  for (let round = 1; round <= Math.ceil(input.keyBits / 256); round += 1) {
    blocks.push(createHash('sha256').update(uint32be(round)).update(z).update(otherInfo).digest());
  }
  return Buffer.concat(blocks).subarray(0, input.keyBits / 8);
}

/** The EMV profile of the KDF (§7.4, §7.6): no AlgorithmID, no PartyUInfo, 256 bits. */
export function emvKdf(z: Uint8Array, partyVInfo: string): Buffer {
  const empty = Buffer.alloc(0);
  return concatKdf(z, { algorithmId: empty, partyUInfo: empty, partyVInfo: utf8(partyVInfo), keyBits: 256 });
}

export function publicJwk(key: KeyObject): EcPublicJwk {
  const jwk = key.export({ format: 'jwk' });
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.x !== 'string' || typeof jwk.y !== 'string') {
    throw new Error('Expected a P-256 key');
  }
  return { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y };
}

/** Reads an EC JWK member of a message, refusing anything but a public P-256 point. */
export function parseEcPublicJwk(value: unknown, what: string): { jwk: EcPublicJwk; key: KeyObject } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${what} is not a JWK object`);
  }
  const member = (name: string): unknown => (value as Record<string, unknown>)[name];
  const x = member('x');
  const y = member('y');
  if (member('kty') !== 'EC' || member('crv') !== 'P-256' || typeof x !== 'string' || typeof y !== 'string') {
    throw new Error(`${what} is not a P-256 EC public JWK`);
  }
  // A private scalar in a message would leak the session to anyone on the path.
  if (member('d') !== undefined) throw new Error(`${what} carries a private key member 'd'`);
  const jwk: EcPublicJwk = { kty: 'EC', crv: 'P-256', x, y };
  // createPublicKey refuses a point off the curve, the classic invalid-curve attack.
  return { jwk, key: createPublicKey({ key: { ...jwk }, format: 'jwk' }) };
}

function parseJsonObject(text: string, what: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${what} is not a JSON object`);
  }
  return parsed as Record<string, unknown>;
}

// ---- JWE content encryption by hand (RFC 7518 §5.2 and §5.3) ----

function cbcHs256Tag(macKey: Uint8Array, aad: Buffer, iv: Buffer, ciphertext: Buffer): Buffer {
  const aadBits = Buffer.alloc(8);
  aadBits.writeBigUInt64BE(BigInt(aad.length) * 8n);
  return createHmac('sha256', macKey)
    .update(Buffer.concat([aad, iv, ciphertext, aadBits]))
    .digest()
    .subarray(0, 16);
}

function requireKeyLength(key: Uint8Array, enc: Enc): void {
  const expected = enc === 'A128GCM' ? 16 : 32;
  if (key.length !== expected) throw new Error(`${enc} needs a ${expected}-byte key, got ${key.length}`);
}

function sealContent(enc: Enc, key: Uint8Array, aad: Buffer, plaintext: Uint8Array) {
  requireKeyLength(key, enc);
  if (enc === 'A128GCM') {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-128-gcm', key, iv).setAAD(aad);
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return { iv, ciphertext, tag: cipher.getAuthTag() };
  }
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-128-cbc', key.subarray(16, 32), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, ciphertext, tag: cbcHs256Tag(key.subarray(0, 16), aad, iv, ciphertext) };
}

function openContent(enc: Enc, key: Uint8Array, parts: JweParts): Buffer {
  requireKeyLength(key, enc);
  const aad = Buffer.from(parts.protectedHeader, 'ascii');
  if (enc === 'A128GCM') {
    const decipher = createDecipheriv('aes-128-gcm', key, parts.iv).setAAD(aad).setAuthTag(parts.tag);
    return Buffer.concat([decipher.update(parts.ciphertext), decipher.final()]);
  }
  const expected = cbcHs256Tag(key.subarray(0, 16), aad, parts.iv, parts.ciphertext);
  // The tag is checked before any padding is looked at, so a padding oracle cannot arise.
  if (parts.tag.length !== 16 || !timingSafeEqual(parts.tag, expected)) {
    throw new Error('JWE authentication tag mismatch');
  }
  const decipher = createDecipheriv('aes-128-cbc', key.subarray(16, 32), parts.iv);
  return Buffer.concat([decipher.update(parts.ciphertext), decipher.final()]);
}

/** Encrypts under a content key the caller already holds; the encrypted-key part stays empty. */
export function sealJwe(header: Record<string, unknown>, enc: Enc, key: Uint8Array, plaintext: Uint8Array) {
  const protectedHeader = Buffer.from(JSON.stringify({ ...header, enc })).toString('base64url');
  const sealed = sealContent(enc, key, Buffer.from(protectedHeader, 'ascii'), plaintext);
  return { protectedHeader, encryptedKey: Buffer.alloc(0), ...sealed } satisfies JweParts;
}

export function serialiseJwe(parts: JweParts): string {
  const binary = [parts.encryptedKey, parts.iv, parts.ciphertext, parts.tag];
  return [parts.protectedHeader, ...binary.map((part) => part.toString('base64url'))].join('.');
}

export function splitJwe(jwe: string): JweParts {
  const [protectedHeader, encryptedKey, iv, ciphertext, tag, ...rest] = jwe.split('.');
  if (
    protectedHeader === undefined ||
    encryptedKey === undefined ||
    iv === undefined ||
    ciphertext === undefined ||
    tag === undefined ||
    rest.length > 0
  ) {
    throw new Error('A JWE compact serialisation has exactly five parts');
  }
  const binary = (part: string) => Buffer.from(part, 'base64url');
  return {
    protectedHeader,
    encryptedKey: binary(encryptedKey),
    iv: binary(iv),
    ciphertext: binary(ciphertext),
    tag: binary(tag),
  };
}

/** Decrypts a JWE whose content key is already known (dir, or the EMV EC form after the KDF). */
export function openJwe(
  jwe: string,
  key: Uint8Array,
): { header: Record<string, unknown>; plaintext: Buffer } {
  const parts = splitJwe(jwe);
  const header = parseJsonObject(
    Buffer.from(parts.protectedHeader, 'base64url').toString('utf8'),
    'JWE header',
  );
  if (header.enc !== 'A128CBC-HS256' && header.enc !== 'A128GCM') {
    throw new Error(`Unsupported JWE enc ${String(header.enc)}`);
  }
  return { header, plaintext: openContent(header.enc, key, parts) };
}

// ---- sdkEncData (§7.4) ----

async function encryptDeviceData(dsKey: KeyObject, options: SdkTransactionOptions): Promise<string> {
  const plaintext = utf8(JSON.stringify(options.device ?? defaultDevice()));
  if (dsKey.asymmetricKeyType === 'rsa') {
    return new CompactEncrypt(plaintext)
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A128CBC-HS256' })
      .encrypt(dsKey);
  }
  if (dsKey.asymmetricKeyType === 'ec' && dsKey.asymmetricKeyDetails?.namedCurve === 'prime256v1') {
    return encryptDeviceDataEc(dsKey, options.dsId, options.ecAlg ?? 'ECDH-ES', plaintext);
  }
  throw new Error(`The DS key must be RSA or P-256 EC, got ${String(dsKey.asymmetricKeyType)}`);
}

/**
 * The EMV EC form, which is not RFC 7518 ECDH-ES (the KDF leaves out the enc name and takes the
 * DS ID), so jose cannot produce it.
 */
function encryptDeviceDataEc(
  dsKey: KeyObject,
  dsId: string,
  alg: 'ECDH-ES' | 'dir',
  plaintext: Buffer,
): string {
  const ephemeral = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const cek = emvKdf(diffieHellman({ privateKey: ephemeral.privateKey, publicKey: dsKey }), dsId);
  const header = { alg, epk: publicJwk(ephemeral.publicKey) };
  return serialiseJwe(sealJwe(header, 'A128CBC-HS256', cek, plaintext));
}

// ---- acsSignedContent (§7.5) ----

function parseX5c(x5c: unknown): X509Certificate[] {
  if (!Array.isArray(x5c) || x5c.length === 0) throw new Error('acsSignedContent: x5c is missing or empty');
  return x5c.map((entry: unknown, index) => {
    // x5c is standard Base64 (RFC 7515 §4.1.6); a url-safe entry means the ACS misread the header.
    if (typeof entry !== 'string' || entry.length % 4 !== 0 || !STANDARD_BASE64.test(entry)) {
      throw new Error(`acsSignedContent: x5c[${index}] is not standard Base64`);
    }
    return new X509Certificate(Buffer.from(entry, 'base64'));
  });
}

function requireValidAt(certificate: X509Certificate, nowMs: number, what: string): void {
  const from = Date.parse(certificate.validFrom);
  const to = Date.parse(certificate.validTo);
  if (Number.isNaN(from) || Number.isNaN(to))
    throw new Error(`acsSignedContent: ${what} has unreadable dates`);
  if (nowMs < from || nowMs > to) {
    throw new Error(`acsSignedContent: ${what} is not valid at ${new Date(nowMs).toISOString()}`);
  }
}

/** Leaf first; each certificate issued and signed by the next, the last by the DS-CA root. */
function requireChain(chain: readonly X509Certificate[], root: X509Certificate, nowMs: number): void {
  chain.forEach((certificate, index) => {
    const what = `x5c[${index}]`;
    requireValidAt(certificate, nowMs, what);
    const issuer = chain[index + 1] ?? root;
    // PKIX path validation refuses an intermediate that is not a CA; the trust anchor is exempt.
    if (issuer !== root && !issuer.ca) throw new Error(`acsSignedContent: x5c[${index + 1}] is not a CA`);
    if (!certificate.checkIssued(issuer) || !certificate.verify(issuer.publicKey)) {
      throw new Error(
        `acsSignedContent: ${what} is not issued by ${issuer === root ? 'the DS root' : `x5c[${index + 1}]`}`,
      );
    }
  });
}

async function verifyAcsSignedContent(
  jws: string,
  rootPem: string,
  nowMs: number,
): Promise<Record<string, unknown>> {
  if (!JWS_COMPACT.test(jws)) throw new Error('acsSignedContent is not a JWS compact serialisation');
  const header = decodeProtectedHeader(jws);
  // The SDKs accept these two only (§7.5); anything else, above all none or HS256, is refused first.
  if (header.alg !== 'PS256' && header.alg !== 'ES256') {
    throw new Error(`acsSignedContent: alg ${String(header.alg)} is not PS256 or ES256`);
  }
  const chain = parseX5c(header.x5c);
  requireChain(chain, new X509Certificate(rootPem), nowMs);
  const leaf = chain[0] as X509Certificate;
  const { payload } = await compactVerify(jws, leaf.publicKey, { algorithms: [header.alg] });
  return parseJsonObject(Buffer.from(payload).toString('utf8'), 'acsSignedContent payload');
}

function requireAcsUrl(value: unknown): string {
  if (typeof value !== 'string') throw new Error('acsSignedContent: acsURL is missing');
  const protocol = new URL(value).protocol;
  if (protocol !== 'https:' && protocol !== 'http:')
    throw new Error(`acsSignedContent: acsURL ${value} is not HTTP`);
  return value;
}

function requireSameJwk(value: unknown, own: EcPublicJwk): void {
  const echoed = parseEcPublicJwk(value, 'acsSignedContent: sdkEphemPubKey').jwk;
  if (echoed.x !== own.x || echoed.y !== own.y) {
    throw new Error("acsSignedContent: sdkEphemPubKey is not this SDK's ephemeral key");
  }
}

// ---- the SDK ----

interface SessionContext {
  readonly acsURL: string;
  readonly sessionKey: Buffer;
  readonly enc: Enc;
  readonly messageVersion: string;
  readonly threeDSServerTransID: string;
  readonly acsTransID: string;
  readonly sdkTransID: string;
}

export class IndependentSdk {
  readonly params: SdkParams;
  readonly messageVersion: string;
  readonly ephemeralPublicJwk: EcPublicJwk;
  readonly #ephemeralPrivateKey: KeyObject;

  private constructor(
    params: SdkParams,
    messageVersion: string,
    ephemeral: { privateKey: KeyObject; publicKey: KeyObject },
  ) {
    this.params = params;
    this.messageVersion = messageVersion;
    this.ephemeralPublicJwk = publicJwk(ephemeral.publicKey);
    this.#ephemeralPrivateKey = ephemeral.privateKey;
  }

  static async create(options: SdkTransactionOptions): Promise<IndependentSdk> {
    const ephemeral = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const params: SdkParams = {
      threeDSSDKEncData: await encryptDeviceData(createPublicKey(options.dsKeyPem), options),
      threeDSSDKEphemPubKey: JSON.stringify(publicJwk(ephemeral.publicKey)),
      threeDSSDKAppId: randomUUID(),
      threeDSSDKTransId: randomUUID(),
      threeDSSDKReferenceNumber: options.referenceNumber ?? DEFAULT_REFERENCE_NUMBER,
    };
    return new IndependentSdk(params, options.messageVersion ?? DEFAULT_MESSAGE_VERSION, ephemeral);
  }

  /**
   * doChallenge: verifies acsSignedContent to the DS root, checks it belongs to this transaction
   * and this SDK, and agrees the session key with the ACS (Function J, §7.6).
   */
  async challenge(
    parameters: ChallengeParameters,
    dsRootPem: string,
    nowMs: number,
    enc: Enc = 'A128CBC-HS256',
  ): Promise<IndependentChallenge> {
    const payload = await verifyAcsSignedContent(parameters.acsSignedContent, dsRootPem, nowMs);
    if (payload.acsTransID !== parameters.acsTransID) {
      throw new Error(
        `acsSignedContent: acsTransID ${String(payload.acsTransID)} is not ${parameters.acsTransID}`,
      );
    }
    if (payload.sdkEphemPubKey !== undefined) requireSameJwk(payload.sdkEphemPubKey, this.ephemeralPublicJwk);
    const acsURL = requireAcsUrl(payload.acsURL);
    const acsKey = parseEcPublicJwk(payload.acsEphemPubKey, 'acsSignedContent: acsEphemPubKey').key;
    const z = diffieHellman({ privateKey: this.#ephemeralPrivateKey, publicKey: acsKey });
    return new IndependentChallenge({
      acsURL,
      sessionKey: emvKdf(z, this.params.threeDSSDKReferenceNumber),
      enc,
      messageVersion: this.messageVersion,
      threeDSServerTransID: parameters.threeDSServerTransID,
      acsTransID: parameters.acsTransID,
      sdkTransID: this.params.threeDSSDKTransId,
    });
  }
}

export class IndependentChallenge {
  readonly acsURL: string;
  readonly sessionKey: Buffer;
  readonly enc: Enc;
  readonly #context: SessionContext;
  #sent = 0;
  #received = 0;

  constructor(context: SessionContext) {
    this.acsURL = context.acsURL;
    this.sessionKey = context.sessionKey;
    this.enc = context.enc;
    this.#context = context;
  }

  // With A128GCM the halves are one-way keys (Stripe Android, §7.6); CBC uses all 32 bytes both ways.
  #keyTowardsAcs(): Buffer {
    return this.enc === 'A128GCM' ? this.sessionKey.subarray(0, 16) : this.sessionKey;
  }

  #keyFromAcs(): Buffer {
    return this.enc === 'A128GCM' ? this.sessionKey.subarray(16, 32) : this.sessionKey;
  }

  #ids() {
    const { messageVersion, threeDSServerTransID, acsTransID, sdkTransID } = this.#context;
    return { messageVersion, threeDSServerTransID, acsTransID, sdkTransID };
  }

  /** Sends one CReq as a `dir` JWE and opens the answer (§7.7, §7.8). */
  async send(
    members: Record<string, unknown>,
    options: { counter?: string; corrupt?: 'tag' } = {},
  ): Promise<ChallengeReply> {
    const counter = options.counter ?? pad3(this.#sent);
    if (options.counter === undefined) this.#sent += 1;
    const { messageVersion, ...ids } = this.#ids();
    const creq = { messageType: 'CReq', messageVersion, ...ids, sdkCounterStoA: counter, ...members };
    const header = { alg: 'dir', kid: this.#context.acsTransID };
    const parts = sealJwe(header, this.enc, this.#keyTowardsAcs(), utf8(JSON.stringify(creq)));
    const tag = Buffer.from(parts.tag);
    if (options.corrupt === 'tag') tag[0] = (tag[0] as number) ^ 0x01;
    return this.#post(serialiseJwe({ ...parts, tag }), JOSE_CONTENT_TYPE);
  }

  /** Posts a plain JSON Erro from the SDK, e.g. errorCode '402' when its challenge timer runs out (§7.9). */
  async sendError(errorCode: string, description: string, detail?: string): Promise<ChallengeReply> {
    const { messageVersion, ...ids } = this.#ids();
    const erro = {
      messageType: 'Erro',
      messageVersion,
      ...ids,
      errorCode,
      errorComponent: 'C',
      errorDescription: description,
      errorDetail: detail ?? description,
      errorMessageType: 'CReq',
    };
    return this.#post(JSON.stringify(erro), JSON_CONTENT_TYPE);
  }

  async #post(body: string, contentType: string): Promise<ChallengeReply> {
    const response = await fetch(this.acsURL, {
      method: 'POST',
      headers: { 'Content-Type': contentType },
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    const reply = { status: response.status, contentType: response.headers.get('content-type') ?? '' };
    // The iOS SDK's rule (§7.7): five parts is a CRes, anything else an Erro in plain JSON.
    if (text.split('.').length === 5) return { ...reply, cres: await this.#openCres(text) };
    if (text.trim() === '') return reply;
    return { ...reply, erro: parseJsonObject(text, `ACS reply (HTTP ${response.status})`) };
  }

  async #openCres(jwe: string): Promise<Record<string, unknown>> {
    // The ACS must answer with the SDK's enc (§7.6); jose refuses any other alg or enc here.
    const { plaintext } = await compactDecrypt(jwe, this.#keyFromAcs(), {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: [this.enc],
    });
    const cres = parseJsonObject(Buffer.from(plaintext).toString('utf8'), 'CRes');
    const expected = pad3(this.#received);
    if (cres.acsCounterAtoS !== expected) {
      throw new Error(
        `CRes acsCounterAtoS ${JSON.stringify(cres.acsCounterAtoS)} is not the expected "${expected}"`,
      );
    }
    this.#received += 1;
    return cres;
  }
}
