import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  isUuid,
  packJson,
  readCReq,
  readCRes,
  readMethodData,
  readMethodNotification,
  unpackJson,
} from './emv-messages.js';

/** Standard Base64 with its padding: what a lenient sender might write instead of base64url. */
const standard = (message: object) => Buffer.from(JSON.stringify(message), 'utf8').toString('base64');
const urlPadded = (message: object) => {
  const unpadded = Buffer.from(JSON.stringify(message), 'utf8').toString('base64url');
  return unpadded + '='.repeat((4 - (unpadded.length % 4)) % 4);
};
const without = (message: Record<string, unknown>, name: string) =>
  Object.fromEntries(Object.entries(message).filter(([key]) => key !== name));

/** Values whose JSON needs padding and whose standard Base64 holds '+' and '/'. */
const AWKWARD = { note: '>>>???~~~ÿ', n: 1 };

describe('packJson', () => {
  test('writes unpadded base64url that decodes back to the same JSON', () => {
    const packed = packJson(AWKWARD);
    const classic = standard(AWKWARD);
    // The payload is chosen so that the standard form would carry all three characters EMV forbids.
    assert.match(classic, /\+/);
    assert.match(classic, /\//);
    assert.match(classic, /=$/);
    assert.match(packed, /^[A-Za-z0-9_-]+$/);
    assert.deepEqual(JSON.parse(Buffer.from(packed, 'base64url').toString('utf8')), AWKWARD);
  });

  test('every length of payload comes out without padding', () => {
    for (let length = 0; length < 6; length += 1) {
      const packed = packJson({ v: 'x'.repeat(length) });
      assert.ok(!packed.includes('='), `length ${length}: ${packed}`);
      assert.deepEqual(unpackJson(packed), { v: 'x'.repeat(length) });
    }
  });
});

describe('unpackJson', () => {
  test('reads padded and unpadded, URL-safe and standard Base64 alike', () => {
    const forms = {
      unpadded: packJson(AWKWARD),
      urlPadded: urlPadded(AWKWARD),
      standardPadded: standard(AWKWARD),
      standardUnpadded: standard(AWKWARD).replace(/=+$/, ''),
    };
    assert.notEqual(forms.unpadded, forms.urlPadded);
    assert.notEqual(forms.urlPadded, forms.standardPadded);
    for (const [name, packed] of Object.entries(forms)) {
      assert.deepEqual(unpackJson(packed), AWKWARD, name);
    }
  });

  test('refuses what is not a packed JSON object', () => {
    const cases: Record<string, string> = {
      empty: '',
      'a character outside both alphabets': `${packJson(AWKWARD)}!`,
      'whitespace inside': `${packJson(AWKWARD).slice(0, 4)} ${packJson(AWKWARD).slice(4)}`,
      'three padding characters': `${packJson({ a: 1 })}===`,
      'padding in the middle': `${packJson({ a: 1 }).slice(0, 4)}=${packJson({ a: 1 }).slice(4)}`,
      'not JSON': Buffer.from('not json', 'utf8').toString('base64url'),
      'a JSON array': packJson(['a']),
      'a JSON string': Buffer.from('"text"', 'utf8').toString('base64url'),
      'JSON null': Buffer.from('null', 'utf8').toString('base64url'),
      'a JSON number': Buffer.from('12', 'utf8').toString('base64url'),
    };
    for (const [name, packed] of Object.entries(cases)) {
      assert.equal(unpackJson(packed), undefined, name);
    }
  });
});

describe('isUuid', () => {
  test('accepts a UUID in either case and nothing else', () => {
    const id = randomUUID();
    assert.equal(isUuid(id), true);
    assert.equal(isUuid(id.toUpperCase()), true);
    for (const value of [id.replace(/-/g, ''), `${id}0`, id.slice(1), `{${id}}`, '', 42, null, undefined]) {
      assert.equal(isUuid(value), false, String(value));
    }
  });
});

const BAD_UUIDS: readonly unknown[] = ['not-a-uuid', '', 12345, null, randomUUID().replace(/-/g, '')];
const BAD_VERSIONS: readonly unknown[] = ['2.3.1', '1.0.2', '2.1', '', 2.1, null];

describe('readCReq', () => {
  const creq = () => ({
    threeDSServerTransID: randomUUID(),
    acsTransID: randomUUID(),
    messageType: 'CReq',
    messageVersion: '2.1.0',
    challengeWindowSize: '05',
  });

  test('reads a browser CReq of either version and any window size', () => {
    for (const messageVersion of ['2.1.0', '2.2.0']) {
      for (const challengeWindowSize of ['01', '02', '03', '04', '05']) {
        const message = { ...creq(), messageVersion, challengeWindowSize };
        assert.deepEqual(readCReq(packJson(message)), message);
      }
    }
  });

  test('reads the padded and standard Base64 forms too', () => {
    const message = creq();
    assert.deepEqual(readCReq(urlPadded(message)), message);
    assert.deepEqual(readCReq(standard(message)), message);
  });

  test('refuses a CReq missing any member', () => {
    const message = creq();
    for (const name of Object.keys(message)) {
      assert.equal(readCReq(packJson(without(message, name))), undefined, name);
    }
  });

  test('refuses a member the browser CReq does not have', () => {
    for (const extra of [{ sdkTransID: randomUUID() }, { challengeCancel: '01' }, { unknown: 'x' }]) {
      assert.equal(readCReq(packJson({ ...creq(), ...extra })), undefined, Object.keys(extra)[0]);
    }
  });

  test('refuses another messageType', () => {
    for (const messageType of ['CRes', 'AReq', 'creq', '', null]) {
      assert.equal(readCReq(packJson({ ...creq(), messageType })), undefined, String(messageType));
    }
  });

  test('refuses an id that is not a UUID', () => {
    for (const id of BAD_UUIDS) {
      assert.equal(readCReq(packJson({ ...creq(), threeDSServerTransID: id })), undefined, String(id));
      assert.equal(readCReq(packJson({ ...creq(), acsTransID: id })), undefined, String(id));
    }
  });

  test('refuses a version other than 2.1.0 and 2.2.0', () => {
    for (const messageVersion of BAD_VERSIONS) {
      assert.equal(readCReq(packJson({ ...creq(), messageVersion })), undefined, String(messageVersion));
    }
  });

  test('refuses an unknown challengeWindowSize', () => {
    for (const challengeWindowSize of ['06', '00', '5', 5, '']) {
      const packed = packJson({ ...creq(), challengeWindowSize });
      assert.equal(readCReq(packed), undefined, String(challengeWindowSize));
    }
  });

  test('refuses garbage', () => {
    assert.equal(readCReq('garbage!'), undefined);
    assert.equal(readCReq(packJson([creq()])), undefined);
  });
});

describe('readCRes', () => {
  const cres = (transStatus = 'Y') => ({
    threeDSServerTransID: randomUUID(),
    acsTransID: randomUUID(),
    messageType: 'CRes',
    messageVersion: '2.1.0',
    transStatus,
    challengeCompletionInd: 'Y',
  });

  test('reads a final CRes saying Y or N, in either version', () => {
    for (const transStatus of ['Y', 'N']) {
      for (const messageVersion of ['2.1.0', '2.2.0']) {
        const message = { ...cres(transStatus), messageVersion };
        assert.deepEqual(readCRes(packJson(message)), message);
      }
    }
  });

  test('reads a padded cres (protocols.md §1.8: the ACS may pad it)', () => {
    const message = cres();
    assert.deepEqual(readCRes(urlPadded(message)), message);
    assert.deepEqual(readCRes(standard(message)), message);
  });

  test('refuses a CRes missing any required member', () => {
    const message = cres();
    for (const name of Object.keys(message)) {
      assert.equal(readCRes(packJson(without(message, name))), undefined, name);
    }
  });

  test('refuses a member the final browser CRes does not have', () => {
    for (const extra of [{ acsHTML: '<p>' }, { sdkTransID: randomUUID() }, { eci: '05' }, { unknown: 1 }]) {
      assert.equal(readCRes(packJson({ ...cres(), ...extra })), undefined, Object.keys(extra)[0]);
    }
  });

  test('refuses another messageType', () => {
    for (const messageType of ['CReq', 'RReq', 'cres', '', null]) {
      assert.equal(readCRes(packJson({ ...cres(), messageType })), undefined, String(messageType));
    }
  });

  test('refuses an id that is not a UUID', () => {
    for (const id of BAD_UUIDS) {
      assert.equal(readCRes(packJson({ ...cres(), threeDSServerTransID: id })), undefined, String(id));
      assert.equal(readCRes(packJson({ ...cres(), acsTransID: id })), undefined, String(id));
    }
  });

  test('refuses a version other than 2.1.0 and 2.2.0', () => {
    for (const messageVersion of BAD_VERSIONS) {
      assert.equal(readCRes(packJson({ ...cres(), messageVersion })), undefined, String(messageVersion));
    }
  });

  test('refuses a transStatus other than Y and N (the final CRes carries only those)', () => {
    for (const transStatus of ['A', 'U', 'R', 'C', 'D', 'I', 'y', 'n', '', true, null]) {
      assert.equal(readCRes(packJson({ ...cres(), transStatus })), undefined, String(transStatus));
    }
  });

  test('refuses garbage', () => {
    assert.equal(readCRes('%%%'), undefined);
    assert.equal(readCRes(packJson({})), undefined);
  });

  test('refuses a CRes whose challengeCompletionInd is not Y (it is not a final CRes)', () => {
    for (const challengeCompletionInd of ['N', 'y', '', null, true]) {
      const packed = packJson({ ...cres(), challengeCompletionInd });
      assert.equal(readCRes(packed), undefined, String(challengeCompletionInd));
    }
  });

  test('accepts the optional messageExtension and leaves it out of what it reads', () => {
    const message = cres();
    const extended = { ...message, messageExtension: [{ name: 'x', id: 'x', criticalityIndicator: false }] };
    assert.deepEqual(readCRes(packJson(extended)), message);
  });
});

describe('readMethodData', () => {
  const data = () => ({
    threeDSServerTransID: randomUUID(),
    threeDSMethodNotificationURL: 'https://gatehouse.test/payment/3ds/method-notification',
  });

  test('reads the two members of the 3DS Method data, padded or not', () => {
    const message = data();
    assert.deepEqual(readMethodData(packJson(message)), message);
    assert.deepEqual(readMethodData(urlPadded(message)), message);
    assert.deepEqual(readMethodData(standard(message)), message);
  });

  test('refuses the data missing either member', () => {
    const message = data();
    for (const name of Object.keys(message)) {
      assert.equal(readMethodData(packJson(without(message, name))), undefined, name);
    }
  });

  test('refuses an extra member', () => {
    for (const extra of [{ messageType: 'MethodData' }, { messageVersion: '2.1.0' }, { other: 'x' }]) {
      assert.equal(readMethodData(packJson({ ...data(), ...extra })), undefined, Object.keys(extra)[0]);
    }
  });

  test('refuses a threeDSServerTransID that is not a UUID', () => {
    for (const id of BAD_UUIDS) {
      assert.equal(readMethodData(packJson({ ...data(), threeDSServerTransID: id })), undefined, String(id));
    }
  });

  test('refuses a notification URL of 256 characters or more, or not a string', () => {
    const base = 'https://gatehouse.test/';
    const longest = `${base}${'a'.repeat(255 - base.length)}`;
    assert.equal(longest.length, 255);
    assert.ok(readMethodData(packJson({ ...data(), threeDSMethodNotificationURL: longest })));
    const tooLong = `${longest}a`;
    assert.equal(readMethodData(packJson({ ...data(), threeDSMethodNotificationURL: tooLong })), undefined);
    for (const url of [42, null, ['https://x.test']]) {
      assert.equal(readMethodData(packJson({ ...data(), threeDSMethodNotificationURL: url })), undefined);
    }
  });
});

describe('readMethodNotification', () => {
  test('reads the one member the ACS posts back', () => {
    const message = { threeDSServerTransID: randomUUID() };
    assert.deepEqual(readMethodNotification(packJson(message)), message);
    assert.deepEqual(readMethodNotification(urlPadded(message)), message);
  });

  test('refuses the method data itself (an extra member), a missing id and a non-UUID', () => {
    const id = randomUUID();
    const withUrl = { threeDSServerTransID: id, threeDSMethodNotificationURL: 'https://x.test' };
    assert.equal(readMethodNotification(packJson(withUrl)), undefined);
    assert.equal(readMethodNotification(packJson({})), undefined);
    for (const bad of BAD_UUIDS) {
      assert.equal(readMethodNotification(packJson({ threeDSServerTransID: bad })), undefined, String(bad));
    }
  });
});
