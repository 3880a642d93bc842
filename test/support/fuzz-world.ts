import { randomBytes } from 'node:crypto';
import { restOperations, type RestServices } from '../../src/api/rest/rest-operations.js';
import { PERMISSIONS } from '../../src/domain/permissions.js';
import type { TestGatehouse } from './gatehouse-harness.js';
import type { FuzzWorld } from './request-fuzz.js';

/** Every REST operation, as data: the tables the generators read (no services are called). */
export function fuzzedOperations() {
  return restOperations({} as RestServices);
}

const REST = '/payment/rest';

/**
 * Merchants and real orders for a fuzz run: a merchant with every permission and no practical
 * rate limit, a victim to lock out, registered, paid, held and stored-credential orders.
 */
export async function prepareFuzzWorld(gh: TestGatehouse): Promise<FuzzWorld> {
  const merchant = await gh.createMerchant({
    permissions: PERMISSIONS.filter((permission) => permission !== 'sslOnly'),
    token: true,
    rateLimitPerSecond: 1_000_000,
    concurrentLimit: 10_000,
  });
  const victim = await gh.createMerchant();
  const auth = merchant.auth;
  const call = async (operation: string, params: Record<string, string | number>) => {
    const response = await gh.post(`${REST}/${operation}`, { ...auth, ...params });
    if (response.status !== 200 || (response.body.errorCode ?? '0') !== '0') {
      throw new Error(`fuzz world: ${operation} refused: ${response.text}`);
    }
    return response.body;
  };
  const unique = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}`;
  const orders: { orderId: string; orderNumber: string }[] = [];
  const bindings: { bindingId: string; clientId: string }[] = [];

  const card = {
    pan: '4111111111111111',
    expiry: '203412',
    cvc: '123',
    returnUrl: 'https://shop.example/ok',
  };
  for (const preAuth of [false, true]) {
    const clientId = unique('fuzz-client');
    const orderNumber = unique('fuzz-paid');
    const paid = await call('instantPayment.do', {
      ...card,
      amount: 1500,
      orderNumber,
      clientId,
      ...(preAuth ? { preAuth: 'true' } : {}),
    });
    orders.push({ orderId: String(paid.orderId), orderNumber });
    const listed = await call('getBindings.do', { clientId });
    const [binding] = listed.bindings as { bindingId: string }[];
    if (binding !== undefined) bindings.push({ bindingId: binding.bindingId, clientId });
  }
  for (const operation of ['register.do', 'register.do', 'registerPreAuth.do']) {
    const orderNumber = unique('fuzz-reg');
    const clientId = bindings[0]?.clientId;
    const registered = await call(operation, {
      orderNumber,
      amount: 1500,
      returnUrl: 'https://shop.example/ok',
      ...(clientId === undefined ? {} : { clientId }),
    });
    orders.push({ orderId: String(registered.orderId), orderNumber });
  }
  if (bindings.length === 0) throw new Error('fuzz world: no binding was stored');
  return {
    operations: fuzzedOperations(),
    merchant: {
      login: merchant.merchantLogin,
      userName: auth.userName,
      password: auth.password,
      token: merchant.token ?? '',
    },
    victim: victim.auth,
    orders,
    bindings,
    bodyLimitBytes: gh.gatehouse.config.bodyLimitBytes,
  };
}
