/**
 * Merchant permissions. Names follow the parameter or capability they unlock, so a refusal can
 * name both. Permissions not yet used by an operation are declared now so operators can grant them
 * ahead of time and `merchant permit` can validate names.
 */
export const PERMISSIONS = [
  'preAuth',
  'feeInput',
  'mcc',
  'mvv',
  'marketplace',
  'paymentFacilitator',
  'clientBrowserInfo',
  'loyaltyData',
  'moto',
  'autoCompletion',
  'partialReversal',
  'storedCredentials',
  'commonBindings',
  'sslOnly',
  'scaExemption',
  'threeDSMethodDirect',
  'dcc',
  'p2p',
  'aft',
  'oct',
  'instantRefund',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

const PERMISSION_SET: ReadonlySet<string> = new Set(PERMISSIONS);

export function isPermission(value: string): value is Permission {
  return PERMISSION_SET.has(value);
}

/** What a sandbox merchant created on first start may do out of the box. */
export const SANDBOX_PERMISSIONS: readonly Permission[] = ['preAuth', 'autoCompletion', 'partialReversal'];
