import type { EnvelopeStyle } from '../api/operation.js';
import type { Language } from '../domain/languages.js';
import { REFUSALS, type Refusal } from '../domain/refusals.js';
import { translate } from '../i18n/translate.js';

/** The spec's error body for a refusal, in the request's language. */
export function refusalBody(
  refusal: Refusal,
  language: Language,
  style: EnvelopeStyle,
): Record<string, string> {
  const errorMessage = translate(language, { key: REFUSALS[refusal.key].message, vars: refusal.vars });
  switch (style) {
    case 'legacyStatus':
      return { ErrorCode: refusal.errorCode, ErrorMessage: errorMessage };
    case 'instant':
      return { errorCode: refusal.errorCode, error: errorMessage, errorMessage };
    case 'rest':
      return { errorCode: refusal.errorCode, errorMessage };
  }
}
