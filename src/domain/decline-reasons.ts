import type { MessageKey } from '../i18n/messages-en.js';

/**
 * Issuer and processing declines with the real gateway's action codes (gateway-facts §5.2 and the
 * ISO 8583:1993 action codes its list follows): 100 do not honour, 101 expired card, 116
 * insufficient funds, 121 exceeds amount limit, 208 lost card, 71015 card data entered wrongly,
 * 151019 processing timeout (no answer).
 */
export const DECLINE_REASONS = {
  doNotHonour: { actionCode: 100, message: 'actionCode.doNotHonour' },
  expiredCard: { actionCode: 101, message: 'actionCode.expiredCard' },
  insufficientFunds: { actionCode: 116, message: 'actionCode.insufficientFunds' },
  limitExceeded: { actionCode: 121, message: 'actionCode.limitExceeded' },
  lostCard: { actionCode: 208, message: 'actionCode.lostCard' },
  incorrectCvc: { actionCode: 71015, message: 'actionCode.incorrectCvc' },
  invalidExpiry: { actionCode: 71015, message: 'actionCode.invalidExpiry' },
  issuerTimeout: { actionCode: 151019, message: 'actionCode.issuerTimeout' },
} as const satisfies Record<string, { actionCode: number; message: MessageKey }>;

export type DeclineReason = keyof typeof DECLINE_REASONS;
