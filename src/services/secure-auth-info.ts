import { ACTION_CODE } from '../domain/action-codes.js';

/** The 3-D Secure result kept with the order (getOrderStatusExtended.do's cardAuthInfo.secureAuthInfo). */
export interface SecureAuthInfo {
  readonly eci?: string;
  readonly cavv?: string;
  readonly threeDSProtocolVersion: string;
  readonly aresTransStatus?: string;
  readonly rreqTransStatus?: string;
  readonly paResStatus?: string;
  readonly threeDsType: 'FRICTIONLESS' | 'CHALLENGE' | 'NOT_ENROLLED' | 'EXEMPTION';
}

/** The action code of an authentication that did not let the payment through. */
export function unauthenticatedActionCode(aresStatus: string | null, challenged: boolean): number {
  if (challenged) return ACTION_CODE.challengeFailed;
  if (aresStatus === 'N') return ACTION_CODE.threeDsFailed;
  if (aresStatus === 'R') return ACTION_CODE.threeDsRejected;
  return ACTION_CODE.threeDsUnavailable;
}
