import { randomBytes } from 'node:crypto';
import type { ApiResponse, PostOptions, TestGatehouse } from './gatehouse-harness.js';
import { createSigningKey, signedHeaders, type TestSigningKey } from './certificates.js';

/** One signing key for every P2P test merchant of a run: RSA key generation is slow. */
let sharedKey: TestSigningKey | undefined;

export interface P2pMerchant {
  readonly login: string;
  readonly auth: { username: string; password: string };
  readonly key: TestSigningKey;
  /** A signed JSON call, as every P2P call must be; a 5xx or a system error throws unless `allow` opts in. */
  call(
    operation: string,
    params: Record<string, unknown>,
    allow?: Pick<PostOptions, 'allowServerError' | 'allowSystemError'>,
  ): Promise<ApiResponse>;
}

export async function createP2pMerchant(
  gh: TestGatehouse,
  options: { permissions?: string[]; p2pFee?: string; callbackUrl?: string; authenticates?: boolean } = {},
): Promise<P2pMerchant> {
  sharedKey ??= createSigningKey();
  const key = sharedKey;
  const created = await gh.createMerchant({
    permissions: ['p2p', ...(options.permissions ?? [])],
    authenticates: options.authenticates ?? false,
    ...(options.p2pFee === undefined ? {} : { p2pFee: options.p2pFee }),
    ...(options.callbackUrl === undefined ? {} : { callbackUrl: options.callbackUrl }),
  });
  await gh.gatehouse.admin.addCertificate(created.merchantLogin, key.certificatePem);
  const auth = { username: created.auth.userName, password: created.auth.password };
  return {
    login: created.merchantLogin,
    auth,
    key,
    call: (operation, params, allow = {}) => {
      const body = JSON.stringify({ ...auth, ...params });
      return gh.post(
        `/payment/rest/api/p2p/${operation}`,
        {},
        {
          ...allow,
          rawBody: body,
          contentType: 'application/json',
          headers: signedHeaders(body, key.privateKey),
        },
      );
    },
  };
}

export function orderNumber(prefix = 'p2p'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}`;
}

export const CARD = (pan: string, extra: Record<string, unknown> = {}) => ({
  pan,
  expirationYear: 2034,
  expirationMonth: 12,
  cvc: '123',
  cardholderName: 'JANE DOE',
  ...extra,
});

/** The parameters of the one callback an order's transfer wrote to the outbox. */
export async function callbackParamsOf(gh: TestGatehouse, orderId: string): Promise<Record<string, unknown>> {
  const callback = await gh.gatehouse.store.db
    .selectFrom('callbacks')
    .select('params')
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return JSON.parse(callback.params) as Record<string, unknown>;
}
