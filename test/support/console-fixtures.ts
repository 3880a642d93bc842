import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Executor } from '../../src/store-engine/index.js';
import type { Operator } from '../../src/services/console/operator.js';
import type { FormParams, TestGatehouse } from './gatehouse-harness.js';

/**
 * instantPayment.do with a card (`extra` adds or overrides parameters: a 3-D Secure payment's
 * second call); asserts errorCode 0 and returns the answer.
 */
export async function paidOrder(
  gh: TestGatehouse,
  auth: { userName: string; password: string },
  pan: string,
  amount: number,
  currency = '978',
  extra: FormParams = {},
): Promise<Record<string, unknown>> {
  const answer = await gh.post('/payment/rest/instantPayment.do', {
    ...auth,
    amount,
    currency,
    pan,
    expiry: '203412',
    cvc: '123',
    returnUrl: 'https://shop.example/ok',
    failUrl: 'https://shop.example/fail',
    orderNumber: `ov-${randomBytes(4).toString('hex')}`,
    ...extra,
  });
  assert.equal(answer.body.errorCode, '0', answer.text);
  return answer.body;
}

/**
 * States the console acts on that no quick flow reaches: every callback of an order dead after its
 * last attempt, and an order's first money step left for a person. Returns the row's id.
 */
export async function killCallback(db: Executor, orderId: string): Promise<string> {
  await db
    .updateTable('callbacks')
    .set({ state: 'dead', attempts: 10 })
    .where('order_id', '=', orderId)
    .execute();
  const callback = await db
    .selectFrom('callbacks')
    .select('id')
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return callback.id;
}

export async function strandStep(db: Executor, orderId: string): Promise<string> {
  const step = await db
    .selectFrom('order_operations')
    .select('id')
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('order_operations')
    .set({ state: 'needsAttention' })
    .where('id', '=', step.id)
    .execute();
  return step.id;
}

/** A fresh admin operator of every merchant, logged in on the gateway's console service. */
export async function adminOperator(gatehouse: TestGatehouse['gatehouse']): Promise<Operator> {
  const { accounts, sessions } = gatehouse.operatorConsole;
  const email = `ops-${randomBytes(3).toString('hex')}@ops.example`;
  const password = 'a long passphrase for tests';
  await accounts.create({ email, role: 'admin', merchants: [], password });
  const login = await sessions.login(email, password, undefined, '127.0.0.1');
  assert.ok('token' in login);
  const operator = await sessions.resume(login.token);
  assert.ok(operator !== undefined);
  return operator;
}
