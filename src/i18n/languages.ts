/** The spec's list of `language` values (merchant-api.md, Order). `kh` and `cn` are the gateway's own codes. */
export const LANGUAGES = [
  'en',
  'el',
  'ro',
  'bg',
  'pt',
  'sw',
  'hu',
  'it',
  'pl',
  'de',
  'fr',
  'kh',
  'cn',
  'es',
  'ka',
  'da',
  'et',
  'fi',
  'lt',
  'lv',
  'nl',
  'sv',
] as const;

export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

const LANGUAGE_SET: ReadonlySet<string> = new Set(LANGUAGES);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && LANGUAGE_SET.has(value);
}
