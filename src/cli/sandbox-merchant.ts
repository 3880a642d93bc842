import { SANDBOX_PERMISSIONS } from '../domain/permissions.js';
import { AdminError } from '../services/admin-error.js';
import type { CreatedMerchant, MerchantAdmin } from '../services/merchant-admin.js';

export const SANDBOX_LOGIN = 'sandbox';

/** On an empty database, a merchant to try things with. Another node may win the race; that is fine. */
export async function createSandboxMerchant(admin: MerchantAdmin): Promise<CreatedMerchant | undefined> {
  if ((await admin.list()).length > 0) return undefined;
  try {
    return await admin.create({ login: SANDBOX_LOGIN, token: true, permissions: SANDBOX_PERMISSIONS });
  } catch (error) {
    if (error instanceof AdminError) return undefined;
    throw error;
  }
}

export function sandboxGreeting(created: CreatedMerchant, publicUrl: string): string {
  return [
    '',
    'Created the sandbox merchant. Its secrets are shown only now; Gatehouse keeps only their hashes.',
    `  merchant login: ${created.merchantLogin}`,
    `  userName:       ${created.userName}`,
    `  password:       ${created.password}`,
    ...(created.token === undefined ? [] : [`  token:          ${created.token}`]),
    '',
    'Register a first order:',
    `  curl -s ${publicUrl}/payment/rest/register.do \\`,
    `    -d userName=${created.userName} -d password=${created.password} \\`,
    '    -d orderNumber=order-1 -d amount=1000 -d currency=978 \\',
    '    --data-urlencode returnUrl=https://example.com/return',
    '',
    'Then read it back:',
    `  curl -s ${publicUrl}/payment/rest/getOrderStatusExtended.do \\`,
    `    -d userName=${created.userName} -d password=${created.password} -d orderNumber=order-1`,
    '',
    `The operator console is at ${publicUrl}/console; create its first operator with`,
    '  npx gatehouse operator create --email you@example.com --role admin',
    '',
    'In production set GATEHOUSE_ENV=production: no sandbox merchant, wallet vendors or minting.',
    '',
  ].join('\n');
}
