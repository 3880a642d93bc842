import type { EnvelopeStyle } from '../api/operation.js';
import type { Language } from '../i18n/languages.js';
import { REFUSALS, type Refusal } from '../domain/refusals.js';
import { translate } from '../i18n/translate.js';

/** The wallet envelope's `error` (merchant-api.md, wallet payment.do): code [1..3], message, description. */
export interface WalletError {
  readonly code: string;
  /** For the customer, in the request's language. */
  readonly message: string;
  /** For the merchant's developer: the refusal's name and its English text, never card data. */
  readonly description: string;
}

/** The spec's error body for a refusal, in the request's language. */
export function refusalBody(
  refusal: Refusal,
  language: Language,
  style: EnvelopeStyle,
): Record<string, string> | { success: false; error: WalletError } {
  const text = { key: REFUSALS[refusal.key].message, vars: refusal.vars };
  const errorMessage = translate(language, text);
  switch (style) {
    case 'legacyStatus':
      return { ErrorCode: refusal.errorCode, ErrorMessage: errorMessage };
    case 'instant':
      return { errorCode: refusal.errorCode, error: errorMessage, errorMessage };
    case 'rest':
      return { errorCode: refusal.errorCode, errorMessage };
    case 'wallet':
      return {
        success: false,
        error: {
          code: refusal.errorCode,
          message: errorMessage,
          description: `${refusal.key}: ${translate('en', text)}`.slice(0, 598),
        },
      };
  }
}
