import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { isWalletTokenError } from '../wallet-token-error.js';
import {
  createWalletBSandboxAuthority,
  mintWalletBToken,
  openWalletBToken,
  walletBSandboxRootKeys,
  type WalletBProtocol,
} from './index.js';

const NOW_MS = Date.UTC(2026, 10, 26);
let authority: ReturnType<typeof createWalletBSandboxAuthority>;
let recipientKey: KeyObject;
let recipient: { recipientId: string; privateKeys: KeyObject[] };

before(() => {
  authority = createWalletBSandboxAuthority();
  recipientKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
  recipient = { recipientId: 'merchant:roots', privateKeys: [recipientKey] };
});

const token = (protocolVersion: WalletBProtocol) =>
  mintWalletBToken({
    authority,
    recipientId: recipient.recipientId,
    recipientPublicKey: createPublicKey(recipientKey),
    protocolVersion,
    payment: { authMethod: 'PAN_ONLY', pan: '4111111111111111', expirationMonth: 12, expirationYear: 2034 },
    nowMs: NOW_MS,
    messageId: 'roots-1',
  });

/** The sandbox's root keys with every expiry removed, as a careless keys.json would have them. */
const withoutExpiry = () =>
  walletBSandboxRootKeys(authority, NOW_MS).map(({ keyValue, protocolVersion }) => ({
    keyValue,
    protocolVersion,
  }));

test('an ECv2 root key without keyExpiration is not trusted (the vendor library requires it)', () => {
  const ecv2 = token('ECv2');
  assert.equal(
    openWalletBToken(ecv2, recipient, { rootKeys: walletBSandboxRootKeys(authority, NOW_MS) }, NOW_MS)
      .messageId,
    'roots-1',
  );
  assert.throws(
    () => openWalletBToken(ecv2, recipient, { rootKeys: withoutExpiry() }, NOW_MS),
    (error) => isWalletTokenError(error) && error.reason === 'untrustedChain',
  );
});

test('an ECv1 root key may go without keyExpiration, as the vendor publishes it', () => {
  assert.equal(
    openWalletBToken(token('ECv1'), recipient, { rootKeys: withoutExpiry() }, NOW_MS).messageId,
    'roots-1',
  );
});
