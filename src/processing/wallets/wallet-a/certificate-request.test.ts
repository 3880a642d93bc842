import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCertificateRequest } from './certificate-request.js';
import { OID } from './wallet-a-oids.js';

for (const [label, keyPair] of [
  ['P-256 (wallet A)', () => generateKeyPairSync('ec', { namedCurve: 'prime256v1' })],
  ['RSA-2048 (wallet C)', () => generateKeyPairSync('rsa', { modulusLength: 2048 })],
] as const) {
  test(`a ${label} certificate signing request is a PKCS #10 request OpenSSL verifies, with its subject`, () => {
    const pem = createCertificateRequest(keyPair().privateKey, [
      [OID.commonName, 'merchant.shop.example'],
      [OID.organization, 'Shop'],
    ]);
    assert.match(pem, /^-----BEGIN CERTIFICATE REQUEST-----\n/);
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-csr-'));
    try {
      const file = join(dir, 'request.pem');
      writeFileSync(file, pem);
      const text = execFileSync('openssl', ['req', '-in', file, '-noout', '-verify', '-subject'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      assert.match(text, /CN\s*=\s*merchant\.shop\.example/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
