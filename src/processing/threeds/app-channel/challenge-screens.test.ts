import { test } from 'node:test';
import assert from 'node:assert/strict';
import { judge, screenFor, uiTypeFor } from './challenge-screens.js';

const ALL = ['01', '02', '03', '04', '05'];
const context = {
  merchantName: 'Shop',
  amount: '20.05 EUR',
  maskedPan: '555555**5599',
  attemptsLeft: 3,
  retry: false,
};

test('the screen follows the amount’s last digit, within what the SDK renders', () => {
  assert.deepEqual(
    ['100', '101', '102', '103', '104', '105', '109'].map((amount) => uiTypeFor(amount, ALL)),
    ['01', '01', '02', '03', '04', '05', '01'],
  );
  assert.equal(uiTypeFor('105', ['01', '02']), '01', 'HTML falls back to the first type the SDK renders');
  assert.equal(uiTypeFor('101', ['03', '04']), '03');
});

test('each screen carries the members an SDK requires for its type (protocols-jose.md §7.8)', () => {
  const required: Record<string, string[]> = {
    '01': ['challengeInfoHeader', 'challengeInfoLabel', 'challengeInfoText', 'submitAuthenticationLabel'],
    '02': [
      'challengeInfoHeader',
      'challengeInfoLabel',
      'challengeInfoText',
      'submitAuthenticationLabel',
      'challengeSelectInfo',
    ],
    '03': [
      'challengeInfoHeader',
      'challengeInfoLabel',
      'challengeInfoText',
      'submitAuthenticationLabel',
      'challengeSelectInfo',
    ],
    '04': ['oobContinueLabel', 'challengeInfoHeader', 'challengeInfoText'],
    '05': ['acsHTML'],
  };
  for (const [type, members] of Object.entries(required)) {
    const screen = screenFor(type as '01', context);
    assert.equal(screen.acsUiType, type);
    for (const member of members) assert.ok(member in screen, `${type} ${member}`);
  }
  assert.match(String(screenFor('05', context).acsHTML), /^[A-Za-z0-9_-]+$/, 'Base64url');
});

test('judging answers: pass, fail, deny, resend and the opening CReq', () => {
  assert.equal(judge('01', {}, null), 'none');
  assert.equal(judge('01', { challengeDataEntry: '123456' }, null), 'pass');
  assert.equal(judge('01', { challengeDataEntry: '654321' }, null), 'fail');
  assert.equal(judge('01', { resendChallenge: 'Y' }, null), 'resend');
  assert.equal(judge('01', { challengeNoEntry: 'Y' }, null), 'fail');
  assert.equal(judge('02', { challengeDataEntry: 'N' }, null), 'deny');
  assert.equal(judge('02', { challengeDataEntry: 'X' }, null), 'fail');
  assert.equal(judge('03', { challengeDataEntry: '03,01' }, null), 'pass');
  assert.equal(judge('03', { challengeDataEntry: '01' }, null), 'fail');
  assert.equal(judge('04', { oobContinue: true }, null), 'fail', 'continued before the bank app answered');
  assert.equal(judge('04', { oobContinue: true }, 'approved'), 'pass');
  assert.equal(judge('04', { oobContinue: true }, 'declined'), 'deny');
  assert.equal(judge('04', { oobContinue: 'true' }, 'approved'), 'none', 'oobContinue is a JSON boolean');
  assert.equal(judge('05', { challengeHTMLDataEntry: 'otp=123456' }, null), 'pass');
  assert.equal(judge('05', { challengeHTMLDataEntry: 'otp=1' }, null), 'fail');
});
