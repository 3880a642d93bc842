import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { isP256Point } from './ec-public-key.js';

test('a P-256 point is one; a point off the curve, another curve or a short coordinate is not', () => {
  const { x = '', y = '' } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey.export({
    format: 'jwk',
  });
  assert.equal(isP256Point(x, y), true);
  const bent = Buffer.from(y, 'base64url');
  bent[31] = (bent[31] as number) ^ 1;
  assert.equal(isP256Point(x, bent.toString('base64url')), false);
  const other = generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).publicKey.export({ format: 'jwk' });
  assert.equal(isP256Point(other.x ?? '', other.y ?? ''), false);
  assert.equal(isP256Point(x.slice(0, 40), y), false);
});
