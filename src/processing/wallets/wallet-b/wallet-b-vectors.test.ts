import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { WalletTokenError, type WalletTokenErrorReason } from '../wallet-token-error.js';
import { decryptWalletBToken, openWalletBToken, type WalletBRootKey } from './open-wallet-b-token.js';
import {
  createWalletBSandboxAuthority,
  mintWalletBToken,
  walletBSandboxRootKeys,
} from './mint-wallet-b-token.js';

/**
 * The public wallet B vectors of ../shared/vectors/wallet-b (spreedly/r2d2 MIT, tink Apache-2.0),
 * table-driven from each cases.json at its clock. The folder sits beside the repository, so the
 * test is skipped (not failed) in a checkout without it.
 */
const folder = new URL('../../../../../../shared/vectors/wallet-b/', import.meta.url);
const skip = existsSync(new URL('ecv1/cases.json', folder)) ? false : 'the shared vectors folder is absent';

interface VectorCase {
  readonly id: string;
  readonly token: string;
  readonly rootKeys: string;
  readonly recipientPrivateKey: string;
  readonly recipientId: string;
  readonly nowMs?: number;
  readonly expect: 'ok' | 'reject';
  readonly expected?: string;
}

/** The reason each negative case is refused with (cases.json states it in prose). */
const REASONS: Record<string, readonly WalletTokenErrorReason[]> = {
  'v1-neg-wrong-signature': ['badSignature'],
  'v1-neg-wrong-root-keys': ['badSignature'],
  'v1-neg-unknown-root-key-versions': ['untrustedChain'],
  'v1-neg-expired-message': ['expired'],
  'v1-neg-recipient-without-prefix': ['badSignature'],
  'v1-tink-neg-wrong-recipient': ['badSignature'],
  'v1-tink-neg-alternate-root': ['badSignature'],
  'v1-tink-neg-alternate-recipient-key': ['wrongMerchantKey'],
  'v1-tink-neg-signed-message-modified': ['badSignature'],
  'v2-neg-wrong-signature': ['badSignature'],
  'v2-neg-bad-intermediate-signature': ['untrustedChain'],
  'v2-neg-wrong-root-keys': ['untrustedChain'],
  'v2-neg-unknown-root-key-versions': ['untrustedChain'],
  'v2-neg-expired-message': ['expired'],
  'v2-neg-expired-intermediate-key': ['expired'],
  'v2-neg-recipient-without-prefix': ['badSignature'],
};

function cases(version: 'ecv1' | 'ecv2'): { base: URL; list: VectorCase[] } {
  const base = new URL(`${version}/`, folder);
  return { base, list: JSON.parse(readFileSync(new URL('cases.json', base), 'utf8')) as VectorCase[] };
}

for (const version of ['ecv1', 'ecv2'] as const) {
  test(`every ${version} vector decrypts to its plaintext or is refused for its reason`, { skip }, () => {
    const { base, list } = cases(version);
    assert.ok(list.length >= 8);
    for (const vector of list) {
      const read = (name: string) => readFileSync(new URL(name, base), 'utf8');
      const recipient = {
        recipientId: vector.recipientId,
        privateKeys: [createPrivateKey(read(vector.recipientPrivateKey))],
      };
      const trust = { rootKeys: (JSON.parse(read(vector.rootKeys)) as { keys: WalletBRootKey[] }).keys };
      const nowMs = vector.nowMs ?? Date.now();
      const token = read(vector.token);
      if (vector.expect === 'ok') {
        const { plaintext } = decryptWalletBToken(token, recipient, trust, nowMs);
        const expected = read(vector.expected ?? '');
        if (vector.id.startsWith('v1-tink')) {
          assert.equal(plaintext.toString('utf8'), expected, vector.id);
        } else {
          assert.deepEqual(JSON.parse(plaintext.toString('utf8')), JSON.parse(expected), vector.id);
          const payment = openWalletBToken(token, recipient, trust, nowMs);
          assert.match(payment.messageId, /^AH2Ej/, vector.id);
          assert.ok(!inspect(payment).includes(payment.pan.reveal()), 'the PAN prints masked');
        }
        continue;
      }
      assert.throws(
        () =>
          (vector.id.startsWith('v1-tink') ? decryptWalletBToken : openWalletBToken)(
            token,
            recipient,
            trust,
            nowMs,
          ),
        (error: unknown) =>
          error instanceof WalletTokenError && (REASONS[vector.id] ?? []).includes(error.reason),
        vector.id,
      );
    }
  });
}

test('minted ECv1 and ECv2 tokens round-trip; tampering, another key and expiry are refused', () => {
  const nowMs = Date.now();
  const authority = createWalletBSandboxAuthority();
  const recipientKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const recipient = { recipientId: 'merchant:shop', privateKeys: [recipientKey.privateKey] };
  const trust = { rootKeys: walletBSandboxRootKeys(authority, nowMs) };
  for (const protocolVersion of ['ECv1', 'ECv2'] as const) {
    for (const authMethod of ['PAN_ONLY', 'CRYPTOGRAM_3DS'] as const) {
      const token = mintWalletBToken({
        authority,
        recipientId: 'merchant:shop',
        recipientPublicKey: recipientKey.publicKey,
        protocolVersion,
        payment: {
          authMethod,
          pan: '4111111111111111',
          expirationMonth: 12,
          expirationYear: 2034,
          cryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
          eci: '5',
        },
        nowMs,
        messageId: `m-${protocolVersion}-${authMethod}`,
      });
      const payment = openWalletBToken(token, recipient, trust, nowMs);
      assert.equal(payment.protocol, protocolVersion);
      assert.equal(payment.authMethod, authMethod);
      assert.equal(payment.expiryYYYYMM, '203412');
      assert.equal(payment.pan.reveal(), '4111111111111111');
      assert.equal(payment.eci, authMethod === 'CRYPTOGRAM_3DS' ? '05' : undefined);
      assert.ok(!JSON.stringify(payment).includes('AgAAAAAA'), 'the cryptogram never prints');
      const reason = (open: () => unknown) => {
        try {
          open();
        } catch (error) {
          return error instanceof WalletTokenError ? error.reason : 'other';
        }
        return 'accepted';
      };
      const parsed = JSON.parse(token) as Record<string, unknown>;
      const message = JSON.parse(parsed.signedMessage as string) as Record<string, string>;
      const tampered = JSON.stringify({
        ...parsed,
        signedMessage: JSON.stringify({ ...message, tag: Buffer.alloc(32).toString('base64') }),
      });
      assert.equal(
        reason(() => openWalletBToken(tampered, recipient, trust, nowMs)),
        'badSignature',
      );
      const stranger = {
        recipientId: 'merchant:shop',
        privateKeys: [generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey],
      };
      assert.equal(
        reason(() => openWalletBToken(token, stranger, trust, nowMs)),
        'wrongMerchantKey',
      );
      assert.equal(
        reason(() => openWalletBToken(token, { ...recipient, recipientId: 'merchant:other' }, trust, nowMs)),
        'badSignature',
      );
      assert.equal(
        reason(() => openWalletBToken(token, recipient, trust, nowMs + 2 * 60 * 60_000)),
        'expired',
      );
      const otherRoots = { rootKeys: walletBSandboxRootKeys(createWalletBSandboxAuthority(), nowMs) };
      assert.ok(
        ['badSignature', 'untrustedChain'].includes(
          reason(() => openWalletBToken(token, recipient, otherRoots, nowMs)),
        ),
      );
      assert.equal(
        reason(() => openWalletBToken('{"protocolVersion":"ECv3"}', recipient, trust, nowMs)),
        'unsupportedVersion',
      );
      assert.equal(
        reason(() => openWalletBToken('not json', recipient, trust, nowMs)),
        'malformed',
      );
    }
  }
});
