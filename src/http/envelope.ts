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
  return style === 'legacyStatus'
    ? { ErrorCode: refusal.errorCode, ErrorMessage: errorMessage }
    : { errorCode: refusal.errorCode, errorMessage };
}
