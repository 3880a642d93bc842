import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  authorizationDetails,
  compensationDetails,
  creditLegDetails,
  movementDetails,
  reversalPrior,
} from './step-details.js';

const REFERENCE = {
  approvalCode: '123456',
  rrn: '000000000001',
  paymentNetRefNum: 'NRN',
  terminalId: 'T1',
  authRefNum: 'ARN',
};

test('each kind of details reads back what it wrote', () => {
  const debit = { creditOperationId: 'c-1', creditMinor: 3000 };
  assert.deepEqual(authorizationDetails.decode(authorizationDetails.encode(debit)), debit);
  assert.equal(authorizationDetails.encode({}), null, 'a payment keeps no details');
  assert.deepEqual(authorizationDetails.decode(null), {});
  assert.deepEqual(creditLegDetails.decode(creditLegDetails.encode({ debit: REFERENCE })), {
    debit: REFERENCE,
  });
  assert.deepEqual(creditLegDetails.decode(null), {}, "an OCT's credit follows no debit");
  const compensation = { original: { operationId: 'a-1', rrn: '42' }, declineActionCode: 100 };
  assert.deepEqual(compensationDetails.decode(compensationDetails.encode(compensation)), compensation);
  assert.deepEqual(movementDetails.decode(movementDetails.encode({ automatic: true })), { automatic: true });
  const items = { items: [{ positionId: 1 }] };
  assert.deepEqual(movementDetails.decode(movementDetails.encode({ request: items })), { request: items });
  assert.equal(movementDetails.encode({}), null);
  const prior = { status: 2, approved_minor: 100, deposited_minor: 100 };
  assert.deepEqual(reversalPrior.decode(reversalPrior.encode(prior)), prior);
});

test('details that do not read as their kind say so instead of reading as nothing', () => {
  assert.throws(() => authorizationDetails.decode('{"creditOperationId":7}'), /not a string/);
  assert.throws(() => authorizationDetails.decode('[1]'), /not an object/);
  assert.throws(() => compensationDetails.decode('{}'), /lost the operation it gives back/);
  assert.throws(() => compensationDetails.decode('{"original":{"operationId":"a","rrn":5}}'), /not a string/);
  assert.throws(() => creditLegDetails.decode('{"debit":"x"}'), /not a reference/);
  assert.throws(() => reversalPrior.decode('{"status":2}'), /lost prior.approved_minor/);
});
