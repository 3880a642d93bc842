import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { IndependentSdk } from '../../../../test/support/app-sdk-independent.js';
import { publicJwk, signAcsContent, verifyAcsContent } from './acs-signed-content.js';
import { createSandboxDirectory, SANDBOX_DS_ID } from './sandbox-directory.js';
import { openSdkEncData } from './sdk-enc-data.js';

test('the sandbox directory: device data to its key opens, and its ACS signs what its root verifies', async () => {
  const nowMs = Date.UTC(2026, 10, 26, 12);
  const directory = createSandboxDirectory(nowMs);
  for (const identity of [directory.deviceDataKey, directory.acsSigner]) {
    assert.ok(identity.certificate.checkIssued(directory.root.certificate));
    assert.ok(identity.certificate.verify(directory.root.certificate.publicKey));
  }
  const device = { DV: '1.0', DD: { C001: 'Android' } };
  const sdk = await IndependentSdk.create({
    dsKeyPem: directory.deviceDataKey.certificate.publicKey
      .export({ type: 'spki', format: 'pem' })
      .toString(),
    dsId: SANDBOX_DS_ID,
    ecAlg: 'dir',
    device,
  });
  const jwe = sdk.params.threeDSSDKEncData;
  assert.deepEqual(
    await openSdkEncData(jwe, { privateKey: directory.deviceDataKey.privateKey, dsId: directory.dsId }),
    device,
  );
  const ephemeral = () => publicJwk(generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey);
  const payload = {
    acsTransID: 'a',
    acsRefNumber: 'b',
    acsURL: 'https://gatehouse.test/acs',
    acsEphemPubKey: ephemeral(),
    sdkEphemPubKey: ephemeral(),
  };
  const jws = await signAcsContent(payload, {
    privateKey: directory.acsSigner.privateKey,
    chain: [directory.acsSigner.certificate],
  });
  assert.deepEqual(await verifyAcsContent(jws, [directory.root.certificate], nowMs), payload);
});
