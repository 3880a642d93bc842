import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { luhnValid } from '../../domain/card-rules.js';
import { DECLINE_REASONS } from '../../domain/decline-reasons.js';
import { Pan } from '../../domain/pan.js';
import { isUnknown, type AuthorizationAnswer, type AuthorizationRequest } from '../acquirer/acquirer-port.js';
import { withTimeout } from '../acquirer/timeout-guard.js';
import { MemoryLedger } from './memory-ledger.js';
import { SandboxAcquirer } from './sandbox-acquirer.js';
import { TEST_CARDS } from './test-cards.js';

const ledger = new MemoryLedger();
const acquirer = new SandboxAcquirer(ledger, { nowMs: () => Date.now() });
const guarded = withTimeout(acquirer, 100);
let sequence = 0;

function request(
  pan: string,
  extra: Partial<AuthorizationRequest> = {},
  card: { cvc?: string; year?: number; month?: number } = {},
) {
  sequence += 1;
  return {
    operationId: `op-${pan}-${sequence}`,
    orderId: `order-${pan}`,
    amountMinor: 1000,
    currency: '978',
    twoPhase: false,
    card: {
      pan: new Pan(pan),
      expiry: { year: card.year ?? 2034, month: card.month ?? 12 },
      cvc: card.cvc ?? '123',
    },
    ...extra,
  } satisfies AuthorizationRequest;
}

function declineOf(answer: AuthorizationAnswer): string | undefined {
  return answer.approved ? undefined : answer.reason;
}

test('every sandbox card is Luhn-valid and listed once', () => {
  for (const card of TEST_CARDS) assert.ok(luhnValid(card.pan), card.pan);
  assert.equal(new Set(TEST_CARDS.map((card) => card.pan)).size, TEST_CARDS.length);
});

const cardsDoc = new URL('../../../../../shared/reference/test-cards.md', import.meta.url);
test('the table holds every card of test-cards.md', { skip: !existsSync(cardsDoc) }, () => {
  const documented = [...readFileSync(cardsDoc, 'utf8').matchAll(/^\| (\d{4} \d{4} \d{4} \d{4}) \|/gm)].map(
    (m) => m[1]?.replace(/ /g, ''),
  );
  assert.ok(documented.length >= 26);
  for (const pan of documented)
    assert.ok(
      TEST_CARDS.some((card) => card.pan === pan),
      `${pan} missing`,
    );
});

test('approvals carry a 6-character approval code, a 12-digit RRN, a network reference and the network', async () => {
  const answer = await acquirer.authorize(request('4111111111111111'));
  assert.equal(answer.approved, true);
  if (!answer.approved) return;
  assert.match(answer.approvalCode, /^[A-Z0-9]{6}$/);
  assert.match(answer.rrn, /^\d{12}$/);
  assert.match(answer.paymentNetRefNum, /^\d{15}$/);
  assert.equal(answer.terminalId, 'GH000001');
  assert.equal(answer.network, 'V');
  const again = { ...request('4111111111111111'), operationId: 'auth-again' };
  const first = await acquirer.authorize(again);
  assert.deepEqual(await acquirer.authorize(again), first, 'the same operation id sent again');
  assert.equal(ledger.entries.get('auth-again')?.calls, 2, 'the acquirer counts the resend');
  const mastercard = await acquirer.authorize(request('5555555555554444'));
  assert.equal(mastercard.network, 'M');
  assert.equal((await acquirer.authorize(request('2200000000000053'))).network, 'OTHER');
});

test('until 3-D Secure lands every enrolled card is authorized directly and approved', async () => {
  for (const pan of [
    '5555555555555599',
    '5168494895055780',
    '4000000000003063',
    '4000000000003121',
    '4000000000003097',
    '4000000000001000',
  ]) {
    assert.equal((await acquirer.authorize(request(pan))).approved, true, pan);
  }
  assert.equal(
    (await acquirer.authorize(request('4242424242424242'))).approved,
    true,
    'any other Luhn-valid number',
  );
});

test('each decline card answers with its reason and action code', async () => {
  const expected = {
    '4000000000000002': 'doNotHonour',
    '4000000000009995': 'insufficientFunds',
    '4000000000009987': 'lostCard',
    '4000000000000069': 'expiredCard',
  } as const;
  for (const [pan, reason] of Object.entries(expected)) {
    assert.equal(declineOf(await acquirer.authorize(request(pan))), reason, pan);
  }
  assert.equal(DECLINE_REASONS.insufficientFunds.actionCode, 116);
  assert.equal(DECLINE_REASONS.expiredCard.actionCode, 101);
});

test('CVC 000 and expiry 2035-10 are declined on any card; 0127 wants CVC 123', async () => {
  assert.equal(
    declineOf(await acquirer.authorize(request('4111111111111111', {}, { cvc: '000' }))),
    'incorrectCvc',
  );
  assert.equal(
    declineOf(await acquirer.authorize(request('4111111111111111', {}, { year: 2035, month: 10 }))),
    'invalidExpiry',
  );
  assert.equal(
    declineOf(await acquirer.authorize(request('4000000000000127', {}, { cvc: '124' }))),
    'incorrectCvc',
  );
  assert.equal((await acquirer.authorize(request('4000000000000127', {}, { cvc: '123' }))).approved, true);
});

test('the limit card approves up to 1000.00 and declines above', async () => {
  assert.equal(
    (await acquirer.authorize(request('4000000000000036', { amountMinor: 100_000 }))).approved,
    true,
  );
  assert.equal(
    declineOf(await acquirer.authorize(request('4000000000000036', { amountMinor: 100_001 }))),
    'limitExceeded',
  );
});

test('an issuer that never answers has an unknown outcome after the deadline, never a decline', async () => {
  const startedMs = Date.now();
  const answer = await guarded.authorize(request('4000000000000119'));
  assert.ok(isUnknown(answer));
  assert.ok(Date.now() - startedMs >= 95);
  assert.equal(DECLINE_REASONS.issuerTimeout.actionCode, 151019);
});

test('captures, reversals and refunds of an approved authorization succeed with fresh RRNs', async () => {
  const held = request('4111111111111111', { twoPhase: true });
  const auth = await acquirer.authorize(held);
  assert.ok(auth.approved);
  if (!auth.approved) return;
  const followUp = (operationId: string) => ({
    orderId: 'order-x',
    operationId,
    original: { operationId: held.operationId, ...auth },
    amountMinor: 500,
    currency: '978',
  });
  const first = await acquirer.refund(followUp('op-1'));
  const second = await acquirer.refund(followUp('op-2'));
  assert.ok(first.approved && second.approved);
  if (first.approved && second.approved) assert.notEqual(first.rrn, second.rrn);
  assert.deepEqual(await acquirer.refund(followUp('op-1')), first, 'the same operation sent again');
  assert.equal((await acquirer.capture(followUp('op-3'))).approved, true);
  assert.equal((await acquirer.reverse(followUp('op-4'))).outcome, 'reversed');
  assert.equal(ledger.entries.get('op-4')?.originalId, held.operationId, 'the reversal names its original');
});

test('0259: the first answer of a follow-up is lost (unknown), and the request sent again gets it', async () => {
  const lostOne = request('4000000000000259', { orderId: 'order-lost' });
  const auth = await acquirer.authorize(lostOne);
  assert.ok(auth.approved);
  if (!auth.approved) return;
  const followUp = {
    orderId: 'order-lost',
    operationId: 'op-lost',
    original: { operationId: lostOne.operationId },
    amountMinor: 500,
    currency: '978',
  };
  assert.ok(isUnknown(await guarded.capture(followUp)));
  const again = await guarded.capture(followUp);
  assert.ok(!isUnknown(again) && again.approved);
});

test('0309: every first answer is lost; the operation was performed, and an inquiry or a resend gets it', async () => {
  const lostOne = request('4000000000000309');
  assert.ok(isUnknown(await guarded.authorize(lostOne)));
  const inquiry = await acquirer.inquire(lostOne.operationId);
  assert.ok(inquiry.found && inquiry.call === 'authorize' && inquiry.answer.approved);
  const again = await guarded.authorize(lostOne);
  assert.ok(!isUnknown(again) && again.approved);
});

test('0317: the call never arrives; the inquiry finds nothing and fences the id against a late arrival', async () => {
  const never = request('4000000000000317');
  assert.ok(isUnknown(await guarded.authorize(never)));
  assert.deepEqual(await acquirer.inquire(never.operationId), { found: false });
  const reversal = await acquirer.reverse({
    orderId: never.orderId,
    operationId: `${never.operationId}-reversal`,
    original: { operationId: never.operationId },
    amountMinor: 1000,
    currency: '978',
  });
  assert.deepEqual(reversal, { outcome: 'originalNotFound' });
});

test('0325: a reversal is refused retryably, then for good; 0333 only retryably; a refusal moves nothing', async () => {
  for (const [pan, finals] of [
    ['4000000000000325', [false, true, true]],
    ['4000000000000333', [false, false, false]],
  ] as const) {
    const auth = request(pan);
    assert.ok((await acquirer.authorize(auth)).approved);
    const reversal = {
      orderId: auth.orderId,
      operationId: `${auth.operationId}-reversal`,
      original: { operationId: auth.operationId },
      amountMinor: 1000,
      currency: '978',
    };
    for (const final of finals) {
      const answer = await acquirer.reverse(reversal);
      assert.equal(answer.outcome, 'refused', pan);
      if (answer.outcome === 'refused') assert.equal(answer.final, final, pan);
    }
    assert.equal(ledger.entries.get(reversal.operationId)?.calls, 3);
  }
});

test('a reversal of an operation the acquirer declined finds no original to give back', async () => {
  const declined = request('4000000000000002');
  assert.equal((await acquirer.authorize(declined)).approved, false);
  const answer = await acquirer.reverse({
    orderId: declined.orderId,
    operationId: `${declined.operationId}-reversal`,
    original: { operationId: declined.operationId },
    amountMinor: 1000,
    currency: '978',
  });
  assert.deepEqual(answer, { outcome: 'originalNotFound' });
});
