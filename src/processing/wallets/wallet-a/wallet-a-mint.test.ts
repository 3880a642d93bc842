import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { WalletTokenError, type WalletTokenErrorReason } from '../wallet-token-error.js';
import { issueCertificate } from './certificate-issuer.js';
import { mintWalletAToken, walletAApplicationDataHash } from './mint-wallet-a-token.js';
import { openWalletAToken } from './open-wallet-a-token.js';
import {
  createWalletAMerchantKey,
  createWalletASandboxAuthority,
  issueWalletAMerchantCertificate,
  walletASandboxTrust,
  type WalletASandboxAuthority,
} from './sandbox-authority.js';
import { OID } from './wallet-a-oids.js';
import { WALLET_A_SIGNING_WINDOW_MS } from './wallet-a-signature.js';

const NOW = Date.UTC(2030, 4, 17, 12, 0, 0);
const authority = createWalletASandboxAuthority(NOW);
const trust = walletASandboxTrust(authority);
const merchant = createWalletAMerchantKey({ authority, merchantId: 'merchant.com.example.shop', nowMs: NOW });
const PAN = '5204731600014792';
const CRYPTOGRAM = 'AMwBRjPWDnAgAA7Rls7mAoABFA==';
const payment = {
  pan: PAN,
  expiryYYMMDD: '321231',
  amount: 1999,
  currencyCode: '978',
  cryptogram: CRYPTOGRAM,
  eci: '5',
};

function mint(overrides: Partial<Parameters<typeof mintWalletAToken>[0]> = {}): string {
  return mintWalletAToken({
    authority,
    merchantCertificate: merchant.certificate,
    payment,
    nowMs: NOW,
    ...overrides,
  });
}

function decode(token: string): {
  data: string;
  signature: string;
  version: string;
  header: Record<string, string>;
} {
  return JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as never;
}

function encode(paymentData: object): string {
  return Buffer.from(JSON.stringify(paymentData)).toString('base64');
}

function refused(reason: WalletTokenErrorReason, run: () => unknown): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof WalletTokenError, String(error));
    assert.equal(error.reason, reason, error.message);
    assert.ok(!error.message.includes(PAN) && !error.message.includes(CRYPTOGRAM));
    return true;
  });
}

test('a minted token round-trips to the payment it was minted with', () => {
  const token = mint({ transactionId: 'ab'.repeat(32) });
  const opened = openWalletAToken(token, [merchant], trust, NOW);
  assert.equal(opened.applicationPrimaryAccountNumber.reveal(), PAN);
  assert.equal(opened.applicationExpirationDate, '321231');
  assert.equal(opened.expiryYYYYMM, '203212');
  assert.equal(opened.transactionAmount, 1999);
  assert.equal(opened.currencyCode, '978');
  assert.equal(opened.paymentDataType, '3DSecure');
  assert.equal(opened.paymentData.onlinePaymentCryptogram.reveal(), CRYPTOGRAM);
  assert.equal(opened.paymentData.eciIndicator, '5');
  assert.equal(opened.eci, '05');
  assert.equal(opened.transactionId, 'ab'.repeat(32));
  assert.equal(opened.signingTimeMs, NOW);
  for (const printed of [
    JSON.stringify(opened),
    inspect(opened, { depth: 5 }),
    String(opened.paymentData.onlinePaymentCryptogram),
  ]) {
    assert.ok(!printed.includes(PAN) && !printed.includes(CRYPTOGRAM), printed);
  }
  // Shaped like the vendor's: BER with indefinite lengths at the top of the signature.
  assert.ok(decode(token).signature.startsWith('MIAGCSqGSIb3DQEHAqCA'));
});

test('applicationData, several merchant keys and the parsed form are handled', () => {
  const other = createWalletAMerchantKey({ authority, merchantId: 'merchant.com.example.other', nowMs: NOW });
  const token = mint({ applicationData: walletAApplicationDataHash('order-1') });
  const opened = openWalletAToken(decode(token) as never, [other, merchant], trust, NOW);
  assert.equal(opened.applicationPrimaryAccountNumber.reveal(), PAN);
  const withoutEci = mint({ payment: { pan: PAN, expiryYYMMDD: '321231', amount: 0, currencyCode: '840' } });
  const plain = openWalletAToken(withoutEci, [merchant], trust, NOW);
  assert.equal(plain.eci, undefined);
  assert.equal(plain.transactionAmount, 0);
});

test('the signing time window holds on both sides, and a token is refused once it ends', () => {
  const token = mint();
  openWalletAToken(token, [merchant], trust, NOW + WALLET_A_SIGNING_WINDOW_MS);
  openWalletAToken(token, [merchant], trust, NOW - WALLET_A_SIGNING_WINDOW_MS);
  refused('expired', () =>
    openWalletAToken(token, [merchant], trust, NOW + WALLET_A_SIGNING_WINDOW_MS + 1000),
  );
  refused('expired', () =>
    openWalletAToken(token, [merchant], trust, NOW - WALLET_A_SIGNING_WINDOW_MS - 1000),
  );
  // Signed now, checked when the leaf has expired: expired, whatever the signing time.
  const late = NOW + 6 * 365 * 86_400_000;
  refused('expired', () => openWalletAToken(mint({ nowMs: late }), [merchant], trust, late));
});

test('tampering is refused with its reason', () => {
  const paymentData = decode(mint());
  const data = Buffer.from(paymentData.data, 'base64');
  data[3] = (data[3] as number) ^ 0x01;
  refused('badSignature', () =>
    openWalletAToken(encode({ ...paymentData, data: data.toString('base64') }), [merchant], trust, NOW),
  );
  const header = { ...paymentData.header, transactionId: 'cd'.repeat(32) };
  refused('badSignature', () => openWalletAToken(encode({ ...paymentData, header }), [merchant], trust, NOW));
  const signature = Buffer.from(paymentData.signature, 'base64');
  const flipped = Buffer.from(signature);
  flipped[flipped.length - 12] = (flipped[flipped.length - 12] as number) ^ 0x01; // inside the ECDSA signature
  refused('badSignature', () =>
    openWalletAToken(
      encode({ ...paymentData, signature: flipped.toString('base64') }),
      [merchant],
      trust,
      NOW,
    ),
  );
  refused('malformed', () =>
    openWalletAToken(
      encode({ ...paymentData, signature: signature.subarray(0, 100).toString('base64') }),
      [merchant],
      trust,
      NOW,
    ),
  );
});

test('a key the token was not made for is refused as the wrong merchant key', () => {
  const token = mint();
  const other = createWalletAMerchantKey({ authority, merchantId: 'merchant.com.example.shop', nowMs: NOW });
  refused('wrongMerchantKey', () => openWalletAToken(token, [other], trust, NOW));
  refused('wrongMerchantKey', () => openWalletAToken(token, [], trust, NOW));
  // The right certificate with another private key: the hash matches, decryption fails.
  refused('wrongMerchantKey', () =>
    openWalletAToken(
      token,
      [{ certificate: merchant.certificate, privateKey: other.privateKey }],
      trust,
      NOW,
    ),
  );
  // The right key under a certificate naming another merchant id: the KDF differs.
  const renamed = issueWalletAMerchantCertificate({
    authority,
    publicKey: merchant.certificate.publicKey,
    merchantId: 'merchant.com.example.elsewhere',
    nowMs: NOW,
  });
  refused('wrongMerchantKey', () =>
    openWalletAToken(token, [{ certificate: renamed, privateKey: merchant.privateKey }], trust, NOW),
  );
});

function withoutMarker(which: 'leaf' | 'intermediate'): WalletASandboxAuthority {
  const keys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const base = {
    publicKey: keys.publicKey,
    notBeforeMs: NOW - 86_400_000,
    notAfterMs: NOW + 86_400_000 * 365,
  };
  if (which === 'leaf') {
    const certificate = issueCertificate({
      ...base,
      subject: [[OID.commonName, 'no marker leaf']],
      issuer: authority.intermediate,
      keyUsage: 'digitalSignature',
    });
    return { ...authority, leaf: { privateKey: keys.privateKey, certificate } };
  }
  const certificate = issueCertificate({
    ...base,
    subject: [[OID.commonName, 'no marker intermediate']],
    issuer: authority.root,
    keyUsage: 'certificateAuthority',
  });
  const intermediate = { privateKey: keys.privateKey, certificate };
  const leafKeys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const leaf = {
    privateKey: leafKeys.privateKey,
    certificate: issueCertificate({
      ...base,
      publicKey: leafKeys.publicKey,
      subject: [[OID.commonName, 'leaf']],
      issuer: intermediate,
      keyUsage: 'digitalSignature',
      extensions: [[OID.leafMarker, Buffer.of(5, 0)]],
    }),
  };
  return { root: authority.root, intermediate, leaf };
}

test('an untrusted root, or a chain without the vendor markers, is an untrusted chain', () => {
  const stranger = createWalletASandboxAuthority(NOW);
  refused('untrustedChain', () => openWalletAToken(mint({ authority: stranger }), [merchant], trust, NOW));
  refused('untrustedChain', () => openWalletAToken(mint(), [merchant], { roots: [] }, NOW));
  refused('untrustedChain', () =>
    openWalletAToken(mint({ authority: withoutMarker('leaf') }), [merchant], trust, NOW),
  );
  refused('untrustedChain', () =>
    openWalletAToken(mint({ authority: withoutMarker('intermediate') }), [merchant], trust, NOW),
  );
  // The intermediate presented as if it were the signer: it lacks the leaf marker.
  const confused = { ...authority, leaf: authority.intermediate, intermediate: authority.intermediate };
  refused('untrustedChain', () => openWalletAToken(mint({ authority: confused }), [merchant], trust, NOW));
});

test('versions and shapes other than EC_v1 are refused without reading further', () => {
  const paymentData = decode(mint());
  refused('unsupportedVersion', () =>
    openWalletAToken(encode({ ...paymentData, version: 'RSA_v1' }), [merchant], trust, NOW),
  );
  refused('malformed', () =>
    openWalletAToken(encode({ ...paymentData, version: 1 }), [merchant], trust, NOW),
  );
  refused('malformed', () =>
    openWalletAToken(encode({ ...paymentData, header: undefined }), [merchant], trust, NOW),
  );
  refused('malformed', () => openWalletAToken('not base64!', [merchant], trust, NOW));
  refused('malformed', () => openWalletAToken(Buffer.from('[1]').toString('base64'), [merchant], trust, NOW));
  refused('malformed', () => openWalletAToken('A'.repeat(20_000), [merchant], trust, NOW));
  refused('malformed', () =>
    openWalletAToken(
      encode({ ...paymentData, header: { ...paymentData.header, transactionId: 'xyz' } }),
      [merchant],
      trust,
      NOW,
    ),
  );
});

const haveOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

test(
  'OpenSSL accepts the minted chain and CMS signature',
  { skip: haveOpenssl ? false : 'openssl is not installed' },
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-wallet-a-'));
    try {
      const file = (name: string, content: string | Buffer) => {
        writeFileSync(join(dir, name), content);
        return join(dir, name);
      };
      const root = file('root.pem', authority.root.certificate.toString());
      const intermediate = file('intermediate.pem', authority.intermediate.certificate.toString());
      const leaf = file('leaf.pem', authority.leaf.certificate.toString());
      const at = ['-attime', String(Math.floor(NOW / 1000))];
      execFileSync('openssl', ['verify', ...at, '-CAfile', root, '-untrusted', intermediate, leaf], {
        stdio: 'pipe',
      });
      execFileSync(
        'openssl',
        ['verify', ...at, '-CAfile', root, file('merchant.pem', merchant.certificate.toString())],
        {
          stdio: 'pipe',
        },
      );
      const paymentData = decode(mint());
      const content = Buffer.concat([
        Buffer.from(paymentData.header.ephemeralPublicKey ?? '', 'base64'),
        Buffer.from(paymentData.data, 'base64'),
        Buffer.from(paymentData.header.transactionId ?? '', 'hex'),
      ]);
      execFileSync(
        'openssl',
        [
          'cms',
          '-verify',
          '-binary',
          '-inform',
          'DER',
          '-in',
          file('sig.der', Buffer.from(paymentData.signature, 'base64')),
          '-content',
          file('content.bin', content),
          '-CAfile',
          root,
          '-purpose',
          'any',
          ...at,
          '-out',
          join(dir, 'out.bin'),
        ],
        { stdio: 'pipe' },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
