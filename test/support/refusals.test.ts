import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiResponse } from './gatehouse-harness.js';
import { errorLineText } from './expected-error-log.js';
import { assertRefusal } from './refusals.js';
import { unintendedSkips } from './skip-reporter.js';
import { isSystemError } from './system-error.js';

// The helpers that judge every integration test's answers are themselves judged here: a checker
// that accepts everything would turn the whole suite green.

const answer = (status: number, body: Record<string, unknown>): ApiResponse => ({
  status,
  body,
  text: JSON.stringify(body),
  headers: new Headers(),
});

test('assertRefusal checks the status, the code and the message of the key', () => {
  const notCapturable = { errorCode: '7', errorMessage: 'The order cannot be captured in its current state' };
  assertRefusal(answer(200, notCapturable), { errorCode: '7', key: 'ORDER_NOT_CAPTURABLE' });
  const systemError = { errorCode: '7', errorMessage: 'System error' };
  // The exception dressed as a refusal, the case that once passed every test reading errorCode alone.
  assert.throws(() =>
    assertRefusal(answer(500, systemError), { errorCode: '7', key: 'ORDER_NOT_CAPTURABLE' }),
  );
  assert.throws(() =>
    assertRefusal(answer(200, systemError), { errorCode: '7', key: 'ORDER_NOT_CAPTURABLE' }),
  );
  assert.throws(() =>
    assertRefusal(answer(200, notCapturable), { errorCode: '5', key: 'ORDER_NOT_CAPTURABLE' }),
  );
});

test('assertRefusal fills placeholders from vars, or leaves them open, in every envelope', () => {
  const invalid = { errorCode: '5', errorMessage: 'Invalid value of parameter [amount]: expected a number' };
  assertRefusal(answer(200, invalid), { errorCode: '5', key: 'PARAM_INVALID' });
  assert.throws(() =>
    assertRefusal(answer(200, invalid), {
      errorCode: '5',
      key: 'PARAM_INVALID',
      vars: { param: 'currency' },
    }),
  );
  assertRefusal(answer(200, { ErrorCode: '6', ErrorMessage: 'Order not found' }), {
    errorCode: '6',
    key: 'ORDER_NOT_FOUND',
  });
  const wallet = {
    success: false,
    error: { code: '6', message: 'Order not found', description: 'ORDER_NOT_FOUND: Order not found' },
  };
  assertRefusal(answer(200, wallet), { errorCode: '6', key: 'ORDER_NOT_FOUND' });
});

test('the system error is told from the other code-7 answers by its message, in any language', () => {
  assert.equal(isSystemError({ errorCode: '7', errorMessage: 'System error' }), true);
  assert.equal(isSystemError({ ErrorCode: '7', ErrorMessage: 'Systemfehler' }), true);
  assert.equal(isSystemError({ success: false, error: { code: '7', message: 'System error' } }), true);
  assert.equal(
    isSystemError({ errorCode: '7', errorMessage: 'The order cannot be paid in its current state' }),
    false,
  );
  assert.equal(isSystemError({ errorCode: '0', errorMessage: 'System error' }), false);
});

test('an error line is matched with the error it carries, and only design skips are intended', () => {
  assert.equal(
    errorLineText({ level: 50, msg: 'operation failed', err: { type: 'Error', message: 'boom' } }),
    'operation failed | Error: boom',
  );
  assert.equal(errorLineText({ level: 50, msg: 'job failed' }), 'job failed');
  const skipped = [
    { name: 'a', file: 'x', reason: 'one SQLite file has one writer at a time; the race needs PostgreSQL' },
    { name: 'b', file: 'x', reason: 'openssl is not installed' },
  ];
  assert.deepEqual(
    unintendedSkips(skipped).map((skip) => skip.name),
    ['b'],
  );
});
