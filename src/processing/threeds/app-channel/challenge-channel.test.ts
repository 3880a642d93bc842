import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { compactDecrypt } from 'jose';
import { issueCertificate, type SigningIdentity } from '../../wallets/wallet-a/certificate-issuer.js';
import { OID } from '../../wallets/wallet-a/wallet-a-oids.js';
import {
  AcsSignedContentError,
  publicJwk,
  signAcsContent,
  verifyAcsContent,
  type AcsSignedPayload,
} from './acs-signed-content.js';
import {
  challengeCounter,
  challengeSessionKey,
  ChallengeMessageError,
  openChallengeMessage,
  sealChallengeMessage,
} from './challenge-messages.js';

const NOW_MS = Date.UTC(2026, 10, 26, 12);
const YEAR_MS = 365 * 86_400_000;
const SDK_REFERENCE = '3DS_LOA_SDK_GTHS_020200_00001';
const ec = () => generateKeyPairSync('ec', { namedCurve: 'prime256v1' });

function authority(name: string): SigningIdentity {
  const keys = ec();
  return {
    privateKey: keys.privateKey,
    certificate: issueCertificate({
      subject: [[OID.commonName, name]],
      publicKey: keys.publicKey,
      selfKey: keys.privateKey,
      notBeforeMs: NOW_MS - YEAR_MS,
      notAfterMs: NOW_MS + YEAR_MS,
      keyUsage: 'certificateAuthority',
    }),
  };
}

function acsSigner(root: SigningIdentity, keys: { privateKey: KeyObject; publicKey: KeyObject }) {
  const leaf = issueCertificate({
    subject: [[OID.commonName, 'Sandbox ACS signing']],
    publicKey: keys.publicKey,
    issuer: root,
    notBeforeMs: NOW_MS - YEAR_MS,
    notAfterMs: NOW_MS + YEAR_MS,
    keyUsage: 'digitalSignature',
  });
  return { privateKey: keys.privateKey, chain: [leaf] };
}

let root: SigningIdentity;
let sdkEphemeral: ReturnType<typeof ec>;
let acsEphemeral: ReturnType<typeof ec>;
let payload: AcsSignedPayload;
before(() => {
  root = authority('Sandbox DS-CA');
  sdkEphemeral = ec();
  acsEphemeral = ec();
  payload = {
    acsTransID: '8a880dc0-d2d2-4067-bcb1-b08d1690b26e',
    acsRefNumber: 'GATEHOUSE-SANDBOX-ACS',
    acsURL: 'https://gatehouse.test/payment/3ds/acs/app',
    acsEphemPubKey: publicJwk(acsEphemeral.publicKey),
    sdkEphemPubKey: publicJwk(sdkEphemeral.publicKey),
  };
});

test('acsSignedContent: ES256 and PS256 signatures verify to the DS-CA root through x5c', async () => {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  for (const keys of [ec(), rsa]) {
    const jws = await signAcsContent(payload, acsSigner(root, keys));
    assert.deepEqual(await verifyAcsContent(jws, [root.certificate], NOW_MS), payload);
  }
});

test('acsSignedContent from another root, expired or changed is not trusted', async () => {
  const jws = await signAcsContent(payload, acsSigner(root, ec()));
  await assert.rejects(
    verifyAcsContent(jws, [authority('Other DS-CA').certificate], NOW_MS),
    AcsSignedContentError,
  );
  await assert.rejects(
    verifyAcsContent(jws, [root.certificate], NOW_MS + 2 * YEAR_MS),
    AcsSignedContentError,
  );
  const [header, , signature] = jws.split('.');
  const forged = Buffer.from(JSON.stringify({ ...payload, acsURL: 'https://attacker.example/' })).toString(
    'base64url',
  );
  await assert.rejects(
    verifyAcsContent(`${header}.${forged}.${signature}`, [root.certificate], NOW_MS),
    AcsSignedContentError,
  );
});

test('both sides derive one session key; CReq and CRes round-trip in both encryptions', async () => {
  const sdkKey = challengeSessionKey(sdkEphemeral.privateKey, payload.acsEphemPubKey, SDK_REFERENCE);
  const acsKey = challengeSessionKey(acsEphemeral.privateKey, payload.sdkEphemPubKey, SDK_REFERENCE);
  assert.deepEqual(sdkKey, acsKey);
  assert.equal(sdkKey.length, 32);
  for (const enc of ['A128CBC-HS256', 'A128GCM'] as const) {
    const creq = { messageType: 'CReq', sdkCounterStoA: challengeCounter(0), challengeDataEntry: '123456' };
    const sealed = await sealChallengeMessage(creq, {
      sessionKey: sdkKey,
      enc,
      acsTransID: payload.acsTransID,
      direction: 'sdkToAcs',
    });
    // jose, given the key the spec names for this direction, reads it as a standard `dir` JWE.
    const standard = await compactDecrypt(sealed, enc === 'A128GCM' ? acsKey.subarray(0, 16) : acsKey);
    assert.equal(standard.protectedHeader.kid, payload.acsTransID);
    const opened = await openChallengeMessage(sealed, {
      sessionKey: acsKey,
      acsTransID: payload.acsTransID,
      direction: 'sdkToAcs',
    });
    assert.deepEqual(opened, { message: creq, enc });
    if (enc === 'A128GCM') {
      await assert.rejects(
        openChallengeMessage(sealed, {
          sessionKey: acsKey,
          acsTransID: payload.acsTransID,
          direction: 'acsToSdk',
        }),
        ChallengeMessageError,
        'a GCM message is opened with the key of its own direction only',
      );
    }
    await assert.rejects(
      openChallengeMessage(sealed, {
        sessionKey: acsKey,
        acsTransID: 'another-transaction',
        direction: 'sdkToAcs',
      }),
      ChallengeMessageError,
    );
  }
  assert.deepEqual([challengeCounter(0), challengeCounter(12)], ['000', '012']);
});
