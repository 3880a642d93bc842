import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { callbackSigningString, hmacChecksum, rsaChecksum, verifyRsaChecksum } from './callback-checksum.js';

/** The vendor's HMAC vector, B's Java example (gateway-facts §4.3, checked there in Node). */
const HMAC_KEY = 'ooc7slpvc61k7sf7ma7p4hrefr';
const HMAC_PARAMS = {
  mdOrder: '06cf5599-3f17-7c86-bdbc-bd7d00a8b38b',
  orderNumber: '2003',
  operation: 'approved',
  status: '1',
};
const HMAC_STRING =
  'mdOrder;06cf5599-3f17-7c86-bdbc-bd7d00a8b38b;operation;approved;orderNumber;2003;status;1;';
const HMAC_CHECKSUM = 'EAF2FB72CAB99FD5067F4BA493DD84F4D79C1589FDE8ED29622F0F07215AA972';

/** The vendor's RSA-2048 vector, B 17 PHP example (gateway-facts §4.3): SPKI key and checksum. */
const VENDOR_RSA_PUBLIC_KEY = [
  '-----BEGIN PUBLIC KEY-----',
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAwtuGKbQ4WmfdV1gjWWys',
  '5jyHKTWXnxX3zVa5/Cx5aKwJpOsjrXnHh6l8bOPQ6Sgj3iSeKJ9plZ3i7rPjkfmw',
  'qUOJ1eLU5NvGkVjOgyi11aUKgEKwS5Iq5HZvXmPLzu+U22EUCTQwjBqnE/Wf0hnI',
  'wYABDgc0fJeJJAHYHMBcJXTuxF8DmDf4DpbLrQ2bpGaCPKcX+04POS4zVLVCHF6N',
  '6gYtM7U2QXYcTMTGsAvmIqSj1vddGwvNGeeUVoPbo6enMBbvZgjN5p6j3ItTziMb',
  'Vba3m/u7bU1dOG2/79UpGAGR10qEFHiOqS6WpO7CuIR2tL9EznXRc7D9JZKwGfoY',
  '/QIDAQAB',
  '-----END PUBLIC KEY-----',
].join('\n');
const VENDOR_RSA_CHECKSUM =
  '9524FD765FB1BABFB1F42E4BC6EF5A4B07BAA3F9C809098ACBB462618A9327539F975FEDB4CF6EC1556FF88BA747743' +
  '42AF4F5B51BA63903BE9647C670EBD962467282955BD1D57B16935C956864526810870CD32967845EBABE1C6565C03F' +
  '94FF66907CEDB54669A1C74AC1AD6E39B67FA7EF6D305A007A474F03B80FD6C965656BEAA74E09BB1189F4B32E622C9' +
  '03DC52843C454B7ACF76D6F76324C27767DE2FF6E7217716C19C530CA7551DB58268CC815638C30F3BCA3270E1FD44F' +
  '63C14974B108E65C20638ECE2F2D752F32742FFC5077415102706FA5235D310D4948A780B08D1B75C8983F22F211DFC' +
  'BF14435F262ADDA6A97BFEB6D332C3D51010B';
const VENDOR_RSA_PARAMS = {
  amount: '35000099',
  mdOrder: '12b59da8-f68f-7c8d-12b5-9da8000826ea',
  operation: 'deposited',
  status: '1',
};

test('the signing string sorts by name, ends with ";" and leaves out checksum and sign_alias', () => {
  assert.equal(callbackSigningString(HMAC_PARAMS), HMAC_STRING);
  assert.equal(
    callbackSigningString({ ...HMAC_PARAMS, checksum: 'ABC', sign_alias: 'SHA-256 with RSA' }),
    HMAC_STRING,
  );
  // Byte order, as Java's String.compareTo: upper case sorts before lower case.
  assert.equal(callbackSigningString({ b: '2', a: '1', Z: '0' }), 'Z;0;a;1;b;2;');
  assert.equal(callbackSigningString({}), '');
});

test('HMAC-SHA256 reproduces the vendor vector in upper-case hex', () => {
  assert.equal(hmacChecksum(HMAC_PARAMS, HMAC_KEY), HMAC_CHECKSUM);
  assert.equal(hmacChecksum({ ...HMAC_PARAMS, checksum: HMAC_CHECKSUM }, HMAC_KEY), HMAC_CHECKSUM);
  assert.notEqual(hmacChecksum({ ...HMAC_PARAMS, status: '0' }, HMAC_KEY), HMAC_CHECKSUM);
  assert.notEqual(hmacChecksum(HMAC_PARAMS, HMAC_KEY.toUpperCase()), HMAC_CHECKSUM);
});

test('the vendor RSA vector verifies (SHA-512) and fails when a parameter changes', () => {
  assert.equal(
    verifyRsaChecksum({ ...VENDOR_RSA_PARAMS, checksum: VENDOR_RSA_CHECKSUM }, VENDOR_RSA_PUBLIC_KEY),
    true,
  );
  assert.equal(
    verifyRsaChecksum(
      { ...VENDOR_RSA_PARAMS, amount: '935000099', checksum: VENDOR_RSA_CHECKSUM },
      VENDOR_RSA_PUBLIC_KEY,
    ),
    false,
  );
  assert.equal(verifyRsaChecksum(VENDOR_RSA_PARAMS, VENDOR_RSA_PUBLIC_KEY), false, 'no checksum');
  assert.equal(verifyRsaChecksum({ ...VENDOR_RSA_PARAMS, checksum: 'xyz' }, VENDOR_RSA_PUBLIC_KEY), false);
});

test('RSA round trip: sign with a private key, verify with its public key, upper-case hex', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const checksum = rsaChecksum(VENDOR_RSA_PARAMS, privateKey);
  assert.match(checksum, /^[0-9A-F]{512}$/);
  assert.equal(verifyRsaChecksum({ ...VENDOR_RSA_PARAMS, checksum }, publicKey), true);
  assert.equal(
    verifyRsaChecksum({ ...VENDOR_RSA_PARAMS, checksum, sign_alias: 'gatehouse' }, publicKey),
    true,
  );
  assert.equal(verifyRsaChecksum({ ...VENDOR_RSA_PARAMS, status: '0', checksum }, publicKey), false);
  assert.equal(verifyRsaChecksum({ ...VENDOR_RSA_PARAMS, checksum }, other.publicKey), false);
});
