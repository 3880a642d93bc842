import assert from 'node:assert/strict';
import type { EnvelopeStyle } from '../../src/api/operation.js';
import { REFUSALS, type RefusalKey, type RefusalVars } from '../../src/domain/refusals.js';
import { CATALOGUES } from '../../src/i18n/catalogues.js';
import type { Language } from '../../src/i18n/languages.js';
import { translate } from '../../src/i18n/translate.js';
import type { ApiResponse } from './gatehouse-harness.js';

/**
 * A refusal is its HTTP status, its errorCode and its message: many refusals share code 5 or 7, so
 * a test that reads only errorCode cannot tell "wrong amount" from "no permission", nor a refusal
 * from an exception dressed as one.
 */
export interface ExpectedRefusal {
  readonly errorCode: string;
  /** A key of src/domain/refusals.ts: its status and message are expected unless given below. */
  readonly key?: RefusalKey;
  /** The refusal's placeholders; without them each {placeholder} of the message matches any text. */
  readonly vars?: RefusalVars;
  /** The message itself, when the test knows it better than the key (or has no key). */
  readonly message?: string | RegExp;
  /** The HTTP status; the key's, else 200 (the spec answers most refusals with 200). */
  readonly status?: number;
  /** The language the message is in; English unless the request asked for another. */
  readonly language?: Language;
  /** Which envelope carries it; read from the body's shape unless given. */
  readonly envelope?: EnvelopeStyle;
}

function envelopeOf(body: Record<string, unknown>): EnvelopeStyle {
  if (typeof body.error === 'object' && body.error !== null) return 'wallet';
  if ('ErrorCode' in body) return 'legacyStatus';
  return typeof body.error === 'string' ? 'instant' : 'rest';
}

/** The code and message an envelope carries (src/http/envelope.ts). */
function membersOf(body: Record<string, unknown>, style: EnvelopeStyle): { code: unknown; message: unknown } {
  switch (style) {
    case 'legacyStatus':
      return { code: body.ErrorCode, message: body.ErrorMessage };
    case 'instant':
      return { code: body.errorCode, message: body.error };
    case 'rest':
      return { code: body.errorCode, message: body.errorMessage };
    case 'wallet': {
      const error = (body.error ?? {}) as Record<string, unknown>;
      return { code: error.code, message: error.message };
    }
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The key's message as the gateway renders it: exact with `vars`, else a pattern with open placeholders. */
function messageOfKey(key: RefusalKey, vars: RefusalVars | undefined, language: Language): string | RegExp {
  const messageKey = REFUSALS[key].message;
  if (vars !== undefined) return translate(language, { key: messageKey, vars });
  const template = CATALOGUES[language][messageKey];
  const parts = template.split(/\{\w+\}/);
  return parts.length === 1 ? template : new RegExp(`^${parts.map(escape).join('.+')}$`, 's');
}

export function assertRefusal(response: ApiResponse, expected: ExpectedRefusal): void {
  const what = `${response.status} ${response.text}`;
  const { key } = expected;
  if (key !== undefined) {
    const catalogued = REFUSALS[key].errorCode;
    assert.equal(
      catalogued,
      expected.errorCode,
      `${key} has code ${catalogued} in refusals.ts, not ${expected.errorCode}`,
    );
  }
  assert.equal(
    response.status,
    expected.status ?? (key === undefined ? 200 : REFUSALS[key].httpStatus),
    what,
  );
  const style = expected.envelope ?? envelopeOf(response.body);
  const { code, message } = membersOf(response.body, style);
  assert.equal(code, expected.errorCode, what);
  const want =
    expected.message ??
    (key === undefined ? undefined : messageOfKey(key, expected.vars, expected.language ?? 'en'));
  assert.equal(typeof message, 'string', `a refusal without a message: ${what}`);
  if (typeof want === 'string') assert.equal(message, want, what);
  else if (want !== undefined) assert.match(String(message), want, what);
  // The wallets name the refusal itself in `description` (src/http/envelope.ts).
  if (style === 'wallet' && key !== undefined) {
    const description = (response.body.error as Record<string, unknown>).description;
    assert.match(String(description), new RegExp(`^${key}: `), what);
  }
}
