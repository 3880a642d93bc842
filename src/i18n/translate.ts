import type { Language } from './languages.js';
import { CATALOGUES } from './catalogues.js';
import type { MessageKey } from './messages-en.js';

export type MessageVars = Readonly<Record<string, string | number>>;

/** A message to be rendered later in the request's language. */
export interface LocalizedText {
  readonly key: MessageKey;
  readonly vars?: MessageVars;
}

const PLACEHOLDER = /\{(\w+)\}/g;

export function translate(language: Language, text: LocalizedText): string {
  // A key missing at run time (a catalogue loaded from elsewhere) falls back to English, never throws.
  const template =
    (CATALOGUES[language] as Partial<Record<MessageKey, string>>)[text.key] ?? CATALOGUES.en[text.key];
  const vars = text.vars;
  if (vars === undefined) return template;
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = vars[name];
    if (value === undefined) return whole;
    // A nested reason is itself a message key, rendered in the same language.
    return typeof value === 'string' && value.startsWith('reason.') && value in CATALOGUES.en
      ? translate(language, { key: value as MessageKey, vars })
      : String(value);
  });
}
