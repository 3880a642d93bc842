import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** An RSA key pair with a self-signed X.509 certificate over its public key. */
export interface TestSigningKey {
  readonly privateKey: KeyObject;
  readonly privateKeyPem: string;
  /** PEM of the self-signed certificate, as an operator would upload it. */
  readonly certificatePem: string;
  readonly bits: number;
}

/**
 * Generates an RSA key with node:crypto and has the `openssl` CLI issue a self-signed certificate
 * for it (node:crypto cannot create certificates). Everything happens in a temp folder that is
 * removed before returning.
 */
export function createSigningKey(bits = 2048, commonName = 'test', days = 2): TestSigningKey {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return { privateKey, privateKeyPem, certificatePem: selfSigned(privateKeyPem, commonName, days), bits };
}

/** `openssl req -x509` over the key, in a temp folder removed before returning. */
function selfSigned(
  privateKeyPem: string,
  commonName: string,
  days: number,
  extra: readonly string[] = [],
): string {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-cert-'));
  try {
    const keyFile = join(dir, 'key.pem');
    const certFile = join(dir, 'cert.pem');
    writeFileSync(keyFile, privateKeyPem, { mode: 0o600 });
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-new',
        '-key',
        keyFile,
        '-subj',
        `/CN=${commonName}`,
        '-days',
        String(days),
        ...extra,
        '-out',
        certFile,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    return readFileSync(certFile, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function bytes(body: string | Buffer): Buffer {
  return typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
}

/** The raw SHA-256 digest of the body bytes. */
export function bodyDigest(body: string | Buffer): Buffer {
  return createHash('sha256').update(bytes(body)).digest();
}

/** The X-Hash header: Base64 of the SHA-256 digest of the body exactly as sent. */
export function xHash(body: string | Buffer): string {
  return bodyDigest(body).toString('base64');
}

/** Reading A (protocols.md §4.1): the 32 digest bytes are the message of RSA-SHA256. */
export function signReadingA(body: string | Buffer, key: KeyObject): string {
  return sign('sha256', bodyDigest(body), key).toString('base64');
}

/** Reading B (protocols.md §4.1): PKCS#1 v1.5 over the precomputed digest, i.e. RSA-SHA256 over the body. */
export function signReadingB(body: string | Buffer, key: KeyObject): string {
  return sign('sha256', bytes(body), key).toString('base64');
}

/** Both headers, signed per reading A (the canonical one). */
export function signedHeaders(body: string | Buffer, key: KeyObject): Record<string, string> {
  return { 'x-hash': xHash(body), 'x-signature': signReadingA(body, key) };
}

/** A P-256 key with a self-signed certificate (a CA one unless `ca` is false), made by `openssl`. */
export function createEcCertificate(
  commonName: string,
  options: { ca?: boolean; days?: number } = {},
): { privateKeyPem: string; certificatePem: string } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const constraints = options.ca === false ? 'critical,CA:FALSE' : 'critical,CA:TRUE';
  return {
    privateKeyPem,
    certificatePem: selfSigned(privateKeyPem, commonName, options.days ?? 2, [
      '-addext',
      `basicConstraints=${constraints}`,
    ]),
  };
}
