import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { areqProblem } from './acs-emulator.js';
import type { AppAReq } from './emv-messages.js';

function appAReq(sdkEphemPubKey: AppAReq['sdkEphemPubKey']): AppAReq {
  return {
    messageType: 'AReq',
    messageVersion: '2.1.0',
    threeDSServerTransID: randomUUID(),
    messageCategory: '01',
    threeDSRequestorAuthenticationInd: '01',
    threeDSRequestorID: 'unit',
    threeDSRequestorName: 'Unit Shop',
    threeDSRequestorURL: 'https://gatehouse.test',
    threeDSServerRefNumber: 'UNIT',
    threeDSServerURL: 'https://gatehouse.test',
    acctNumber: '5555555555555599',
    cardExpiryDate: '3412',
    purchaseAmount: '2500',
    purchaseCurrency: '978',
    purchaseExponent: '2',
    purchaseDate: '20261129120000',
    mcc: '5999',
    merchantName: 'Unit Shop',
    merchantCountryCode: '440',
    acquirerBIN: '400000',
    acquirerMerchantID: 'unit',
    deviceChannel: '01',
    sdkAppID: randomUUID(),
    sdkEncData: 'a.b.c.d.e',
    sdkEphemPubKey,
    sdkMaxTimeout: '05',
    sdkReferenceNumber: 'UNIT-SDK',
    sdkTransID: randomUUID(),
    deviceRenderOptions: { sdkInterface: '03', sdkUiType: ['01'] },
  };
}

test('the ACS answers an sdkEphemPubKey off the curve with Erro 203 naming it, not a failure later (issue 40)', () => {
  const { x = '', y = '' } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey.export({
    format: 'jwk',
  });
  assert.equal(areqProblem(appAReq({ kty: 'EC', crv: 'P-256', x, y })), undefined);
  const bent = Buffer.from(y, 'base64url');
  bent[31] = (bent[31] as number) ^ 1;
  const problem = areqProblem(appAReq({ kty: 'EC', crv: 'P-256', x, y: bent.toString('base64url') }));
  assert.deepEqual(
    [problem?.errorCode, problem?.errorComponent, problem?.errorDetail, problem?.sdkTransID !== undefined],
    ['203', 'A', 'sdkEphemPubKey', true],
  );
});
