import type { SettingsChange } from '../../services/console/console-merchants.js';
import type { MerchantSummary } from '../../services/merchant-settings.js';
import { currencyName } from './console-text.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * One setting as the console's forms carry it: a text field, what it reads now, and how its text
 * becomes MerchantAdmin's input. MerchantAdmin checks the values themselves (a known currency, a
 * public callback address); this only turns text into the types it takes.
 */
export interface SettingField {
  readonly name: string;
  readonly label: string;
  /** The section of the merchant page whose form carries it. */
  readonly section: 'settings' | 'callbacks' | 'p2p' | 'limits';
  readonly choices?: readonly (readonly [string, string])[];
  current(summary: MerchantSummary): string;
  /** Puts the typed value into `change`, or says what is wrong with it. */
  read(value: string, change: Mutable<SettingsChange>): string | undefined;
}

const YES_NO = [
  ['true', 'yes'],
  ['false', 'no'],
] as const;

function whole(label: string, value: string): number | string {
  return /^\d{1,12}$/.test(value) ? Number(value) : `${label} must be a whole number`;
}

function yesNo(value: string): boolean | undefined {
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

export const SETTING_FIELDS: readonly SettingField[] = [
  {
    name: 'currency',
    label: 'Default currency (ISO 4217 numeric)',
    section: 'settings',
    current: (summary) => summary.defaultCurrency,
    read(value, change) {
      if (!/^\d{3}$/.test(value)) return 'the currency is a three-digit ISO 4217 code, such as 978';
      change.currency = value;
      return undefined;
    },
  },
  {
    name: 'language',
    label: 'Default language',
    section: 'settings',
    current: (summary) => summary.defaultLanguage,
    read(value, change) {
      change.language = value;
      return undefined;
    },
  },
  {
    name: 'sessionTimeout',
    label: 'Order lifetime (seconds)',
    section: 'settings',
    current: (summary) => String(summary.sessionTimeoutSecs),
    read(value, change) {
      const seconds = whole('the order lifetime', value);
      if (typeof seconds === 'string') return seconds;
      change.sessionTimeoutSecs = seconds;
      return undefined;
    },
  },
  {
    name: 'requireSignature',
    label: 'Require signed requests',
    section: 'settings',
    choices: YES_NO,
    current: (summary) => String(summary.requireSignature),
    read(value, change) {
      const chosen = yesNo(value);
      if (chosen === undefined) return 'require signed requests is yes or no';
      change.requireSignature = chosen;
      return undefined;
    },
  },
  {
    name: 'allowedMccs',
    label: 'Allowed MCCs (comma-separated)',
    section: 'settings',
    current: (summary) => summary.allowedMccs.join(','),
    read(value, change) {
      const codes = value === '' ? [] : value.split(',').map((code) => code.trim());
      if (codes.some((code) => !/^\d{4}$/.test(code))) return 'MCCs are four digits, separated by commas';
      change.allowedMccs = codes.map(Number);
      return undefined;
    },
  },
  {
    name: 'callbackUrl',
    label: 'Callback address',
    section: 'callbacks',
    current: (summary) => summary.callbackUrl ?? '',
    read(value, change) {
      // Callbacks cannot be turned off again (neither can the CLI): an address replaces an address.
      if (value === '') return 'the callback address must be a full http:// or https:// address';
      change.callbackUrl = value;
      return undefined;
    },
  },
  {
    name: 'callbackSigning',
    label: 'Checksum',
    section: 'callbacks',
    choices: [
      ['hmac', 'HMAC-SHA256 with the merchant key'],
      ['rsa', 'RSA with the gateway key'],
    ],
    current: (summary) => summary.callbackSigning,
    read(value, change) {
      if (value !== 'hmac' && value !== 'rsa') return 'the checksum is hmac or rsa';
      change.callbackSigning = value;
      return undefined;
    },
  },
  {
    name: 'callbackMethod',
    label: 'Sent by',
    section: 'callbacks',
    choices: [
      ['POST', 'POST (form body)'],
      ['GET', 'GET (query string)'],
    ],
    current: (summary) => summary.callbackHttpMethod,
    read(value, change) {
      if (value !== 'POST' && value !== 'GET') return 'callbacks are sent by POST or GET';
      change.callbackHttpMethod = value;
      return undefined;
    },
  },
  {
    name: 'p2pFee',
    label: 'P2P fee plan (percent=1.5, fixed=30, min=50, max=5000 or none)',
    section: 'p2p',
    current: (summary) => summary.p2pFee ?? 'none',
    read(value, change) {
      change.p2pFee = value;
      return undefined;
    },
  },
  {
    name: 'p2pStatusResponse',
    label: 'P2P replies carry statusResponse',
    section: 'p2p',
    choices: YES_NO,
    current: (summary) => String(summary.p2pStatusResponse),
    read(value, change) {
      const chosen = yesNo(value);
      if (chosen === undefined) return 'statusResponse is yes or no';
      change.p2pStatusResponse = chosen;
      return undefined;
    },
  },
  {
    name: 'rateLimit',
    label: 'Requests per second per API user',
    section: 'limits',
    current: (summary) => String(summary.rateLimitPerSecond),
    read(value, change) {
      const rate = whole('the rate limit', value);
      if (typeof rate === 'string') return rate;
      change.rateLimitPerSecond = rate;
      return undefined;
    },
  },
  {
    name: 'concurrencyLimit',
    label: 'Simultaneous requests per API user',
    section: 'limits',
    current: (summary) => String(summary.concurrentLimit),
    read(value, change) {
      const count = whole('the concurrency limit', value);
      if (typeof count === 'string') return count;
      change.concurrentLimit = count;
      return undefined;
    },
  },
];

/** How a setting's stored text reads on a page: `978` as `978 (EUR)`, `true` as `yes`. */
export function settingShown(field: SettingField, value: string): string {
  if (field.name === 'currency') return `${value} (${currencyName(value)})`;
  const choice = field.choices?.find(([stored]) => stored === value);
  return choice?.[1] ?? (value === '' ? '(none)' : value);
}

export interface SettingsEdit {
  readonly change: SettingsChange;
  /** The settings that change: the field, what it is now, what it becomes. */
  readonly rows: readonly (readonly [SettingField, string, string])[];
  /** The changed fields, as the confirmation form carries them on. */
  readonly fields: Readonly<Record<string, string>>;
}

/**
 * The settings a submitted form changes: every known field present whose value differs from the
 * merchant's (with `summary`), or every known field present (without: the confirmed form, which
 * carries only what changes). A message says what is wrong instead.
 */
export function settingsEdit(
  fields: Record<string, string>,
  summary?: MerchantSummary,
): SettingsEdit | string {
  const change: Mutable<SettingsChange> = {};
  const rows: (readonly [SettingField, string, string])[] = [];
  const carried: Record<string, string> = {};
  for (const field of SETTING_FIELDS) {
    const value = fields[field.name]?.trim();
    if (value === undefined) continue;
    const now = summary === undefined ? undefined : field.current(summary);
    if (now !== undefined && now === value) continue;
    const problem = field.read(value, change);
    if (problem !== undefined) return problem;
    rows.push([field, now ?? '', value]);
    carried[field.name] = value;
  }
  if (rows.length === 0) return 'nothing would change';
  return { change, rows, fields: carried };
}
