import type { ApiResponse, TestGatehouse } from './gatehouse-harness.js';

/** A plain register.do of 100 minor units under the merchant's API user. */
export function registerOrder(
  gh: TestGatehouse,
  auth: { readonly userName: string; readonly password: string },
  orderNumber: string,
): Promise<ApiResponse> {
  return gh.post('/payment/rest/register.do', {
    ...auth,
    orderNumber,
    amount: 100,
    returnUrl: 'https://shop.example/ok',
  });
}
