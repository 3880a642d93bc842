import type { Erro } from './emv-messages.js';

/** The EMV errors the 3DS Server itself records when an authentication cannot go on (protocols.md §1.10). */
const SERVER_ERRORS = {
  requiredElementMissing: { errorCode: '201', errorDescription: 'Required data element missing' },
  permanentFailure: { errorCode: '404', errorDescription: 'Permanent system failure' },
  connectionFailure: { errorCode: '405', errorDescription: 'System connection failure' },
} as const;

/**
 * An Erro from the 3DS Server (component S) about the AReq/ARes exchange of a transaction: what
 * the transaction ends with when the exchange failed, so it never waits in a stage for nothing.
 */
export function serverErro(
  transaction: { readonly id: string; readonly message_version: string },
  kind: keyof typeof SERVER_ERRORS,
  errorDetail: string,
): Erro {
  return {
    messageType: 'Erro',
    messageVersion: transaction.message_version,
    threeDSServerTransID: transaction.id,
    ...SERVER_ERRORS[kind],
    errorComponent: 'S',
    errorDetail,
    errorMessageType: kind === 'requiredElementMissing' ? 'ARes' : 'AReq',
  };
}
