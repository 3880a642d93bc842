import type { EnvelopeStyle } from '../api/operation.js';
import { REFUSALS } from '../domain/refusals.js';
import { MESSAGES_EN } from '../i18n/messages-en.js';

type Schema = Record<string, unknown>;

const ERROR_CODE = { $ref: '#/components/schemas/ErrorCode' };

/** The refusal envelope of each style (src/http/envelope.ts), as components. */
export const ENVELOPES: Readonly<Record<EnvelopeStyle, Schema>> = {
  rest: {
    type: 'object',
    required: ['errorCode', 'errorMessage'],
    properties: { errorCode: ERROR_CODE, errorMessage: { type: 'string' } },
  },
  instant: {
    type: 'object',
    required: ['errorCode', 'error'],
    properties: { errorCode: ERROR_CODE, error: { type: 'string' }, errorMessage: { type: 'string' } },
  },
  legacyStatus: {
    type: 'object',
    required: ['ErrorCode', 'ErrorMessage'],
    properties: { ErrorCode: ERROR_CODE, ErrorMessage: { type: 'string' } },
  },
  wallet: {
    type: 'object',
    required: ['success', 'error'],
    properties: {
      success: { const: false },
      error: {
        type: 'object',
        required: ['code', 'message', 'description'],
        properties: { code: ERROR_CODE, message: { type: 'string' }, description: { type: 'string' } },
      },
    },
  },
};

export const ENVELOPE_NAMES: Readonly<Record<EnvelopeStyle, string>> = {
  rest: 'RestRefusal',
  instant: 'InstantRefusal',
  legacyStatus: 'LegacyStatusRefusal',
  wallet: 'WalletRefusal',
};

/**
 * The member of an envelope that tells a refusal from a success: a success carries it as "0"
 * (`success: true` in the wallets' envelope) or not at all.
 */
export const DISCRIMINATORS: Readonly<Record<EnvelopeStyle, string>> = {
  rest: 'errorCode',
  instant: 'errorCode',
  legacyStatus: 'ErrorCode',
  wallet: 'success',
};

/** Every errorCode of the catalogue with its refusals, HTTP status and English message. */
function errorCatalogue(): string {
  return Object.entries(REFUSALS)
    .map(
      ([key, refusal]) =>
        `- ${refusal.errorCode} (HTTP ${refusal.httpStatus}) ${key}: ${MESSAGES_EN[refusal.message]}`,
    )
    .join('\n');
}

/**
 * The codes a refusal carries. 0 is not one of them: it is success, and a document whose refusal
 * admitted it would accept `{"errorCode":"0"}` as the answer of any operation.
 */
export function errorCodeSchema(): Schema {
  const codes = [...new Set(Object.values(REFUSALS).map((refusal) => refusal.errorCode))].sort(
    (a, b) => Number(a) - Number(b),
  );
  return {
    type: 'string',
    enum: codes,
    description: `A refusal's code (0, success, is never one). The refusals, with their HTTP status and English message:\n${errorCatalogue()}`,
  };
}
