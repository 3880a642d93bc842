import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { sdkEncDataToEcKey } from '../../../../test/support/sdk-device-data.js';
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
  const jwe = sdkEncDataToEcKey('dir', directory.deviceDataKey.certificate.publicKey, SANDBOX_DS_ID, device);
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
