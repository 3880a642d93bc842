import { invalidParam, Refusal } from '../../domain/refusals.js';
import { integerRangePattern } from './integer-pattern.js';
import type { ValueType } from './value-type.js';

const DIGITS = /^\d+$/;

function asText(raw: unknown, path: string): string {
  if (typeof raw === 'string') return raw;
  // JSON bodies may carry numbers where the spec says String; their text is what counts.
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  throw invalidParam(path, 'reason.text');
}

function checkLength(value: string, path: string, min: number, max: number): void {
  if (min === max && value.length !== min) throw invalidParam(path, 'reason.exactLength', { length: min });
  if (value.length < min) throw invalidParam(path, 'reason.tooShort', { min });
  if (value.length > max) throw invalidParam(path, 'reason.tooLong', { max });
}

/** String [min..max], optionally restricted by a pattern whose failure is reported with `reason`. */
export function text(
  min: number,
  max: number,
  rule?: { pattern: RegExp; reason: Parameters<typeof invalidParam>[1]; vars?: Record<string, string> },
): ValueType<string> {
  return {
    doc: {
      type: 'string',
      minLength: min,
      maxLength: max,
      ...(rule ? { pattern: rule.pattern.source } : {}),
    },
    parse(raw, path) {
      const value = asText(raw, path);
      checkLength(value, path, min, max);
      if (rule && !rule.pattern.test(value)) throw invalidParam(path, rule.reason, rule.vars);
      return value;
    },
  };
}

/** Integer [min..max] in the spec's sense: a count of digits, not a numeric range. */
export function digits(minDigits: number, maxDigits: number): ValueType<number> {
  const min = Math.max(1, minDigits);
  return {
    doc: {
      type: 'integer',
      minLength: min,
      maxLength: maxDigits,
      pattern: `^\\d{${min},${maxDigits}}$`,
      minimum: min === 1 ? 0 : 10 ** (min - 1),
      maximum: Math.min(10 ** maxDigits - 1, Number.MAX_SAFE_INTEGER),
    },
    parse(raw, path) {
      const value = typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0 ? String(raw) : raw;
      if (
        typeof value !== 'string' ||
        !DIGITS.test(value) ||
        value.length < min ||
        value.length > maxDigits
      ) {
        throw invalidParam(path, 'reason.digits', { min, max: maxDigits });
      }
      const parsed = Number(value);
      if (!Number.isSafeInteger(parsed)) throw invalidParam(path, 'reason.digits', { min, max: maxDigits });
      return parsed;
    },
  };
}

/** A fixed-length code of digits kept as text (currency, MCC-like codes): leading zeros matter. */
export function digitCode(length: number): ValueType<string> {
  return {
    doc: { type: 'string', minLength: length, maxLength: length, pattern: `^\\d{${length}}$` },
    parse(raw, path) {
      const value =
        typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw).padStart(length, '0') : raw;
      if (typeof value !== 'string' || value.length !== length || !DIGITS.test(value)) {
        throw invalidParam(path, 'reason.digits', { min: length, max: length });
      }
      return value;
    },
  };
}

export function integerRange(min: number, max: number): ValueType<number> {
  return {
    doc: {
      type: 'integer',
      format: `${min}..${max}`,
      minimum: min,
      maximum: max,
      pattern: integerRangePattern(min, max),
    },
    parse(raw, path) {
      const value = typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
        throw invalidParam(path, 'reason.integerRange', { min, max });
      }
      return value;
    },
  };
}

export function bool(): ValueType<boolean> {
  return {
    doc: { type: 'boolean', enum: ['true', 'false'] },
    parse(raw, path) {
      if (typeof raw === 'boolean') return raw;
      if (raw === 'true') return true;
      if (raw === 'false') return false;
      throw invalidParam(path, 'reason.boolean');
    },
  };
}

export function oneOf<const V extends string>(values: readonly V[]): ValueType<V> {
  const allowed: ReadonlySet<string> = new Set(values);
  return {
    doc: { type: 'string', enum: values },
    parse(raw, path) {
      if (typeof raw !== 'string' || !allowed.has(raw)) {
        throw invalidParam(path, 'reason.oneOf', { values: values.join(', ') });
      }
      return raw as V;
    },
  };
}

/** A full address with protocol; the real gateway answers errorCode 4 for a relative one (gateway-facts §3). */
export function absoluteUrl(max: number): ValueType<string> {
  const base = text(1, max);
  return {
    doc: { ...base.doc, format: 'uri' },
    parse(raw, path) {
      const value = base.parse(raw, path);
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        throw new Refusal('URL_INVALID', { param: path });
      }
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
        throw new Refusal('URL_INVALID', { param: path });
      }
      return value;
    },
  };
}

/**
 * A date and time of six numeric fields (year, month, day, hour, minute, second) in `shape`, read
 * as UTC. Returns epoch ms; a date that does not exist (the 30th of February) is refused.
 */
function utcDateTime(shape: RegExp, format: string, reason: 'reason.dateTime' | 'reason.compactDateTime') {
  return {
    doc: { type: 'string', minLength: format.length, maxLength: format.length, format },
    parse(raw: unknown, path: string): number {
      const match = typeof raw === 'string' ? shape.exec(raw) : null;
      if (match === null) throw invalidParam(path, reason);
      const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      const ms = Date.UTC(year, month - 1, day, hour, minute, second);
      const back = new Date(ms);
      // Date.UTC rolls 2024-02-30 over to March; a round trip catches dates that do not exist.
      if (
        back.getUTCFullYear() !== year ||
        back.getUTCMonth() !== month - 1 ||
        back.getUTCDate() !== day ||
        hour > 23 ||
        minute > 59 ||
        second > 59
      ) {
        throw invalidParam(path, reason);
      }
      return ms;
    },
  } as const satisfies ValueType<number>;
}

/** yyyy-MM-ddTHH:mm:ss, read as UTC (the spec states UTC+0 for the auto-completion dates). Returns epoch ms. */
export function dateTime(): ValueType<number> {
  return utcDateTime(
    /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/,
    'yyyy-MM-ddTHH:mm:ss',
    'reason.dateTime',
  );
}

/** yyyyMMddHHmmss (getLastOrdersForMerchants.do's `from` and `to`), read as UTC like every other date. */
export function compactDateTime(): ValueType<number> {
  return utcDateTime(
    /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/,
    'yyyyMMddHHmmss',
    'reason.compactDateTime',
  );
}

const PHONE = /^(\+|00)?\d{7,15}$/;

/** The phone rule of orderPayerData: country code always, 7 to 15 digits, optional + or 00. */
export function phone(): ValueType<string> {
  return {
    doc: { type: 'string', minLength: 7, maxLength: 17, pattern: PHONE.source },
    parse(raw, path) {
      const value = asText(raw, path);
      if (!PHONE.test(value)) throw invalidParam(path, 'reason.phone');
      return value;
    },
  };
}

/**
 * A decimal number with at most `maxDigits` digits and `maxDecimals` decimals. The value is kept as
 * sent (a JSON number stays a number, form text stays text), so an echoed cart matches the request.
 */
export function decimal(maxDigits: number, maxDecimals: number): ValueType<string | number> {
  const shape = new RegExp(`^\\d+(\\.\\d{1,${maxDecimals}})?$`);
  return {
    doc: {
      type: 'number',
      format: `decimal, at most ${maxDecimals} decimal places`,
      minimum: 0,
      // At most maxDigits digits in all: without a point that many, with one that many plus the point.
      pattern: `^(?:\\d{1,${maxDigits}}|(?=[\\d.]{1,${maxDigits + 1}}$)\\d+\\.\\d{1,${maxDecimals}})$`,
    },
    parse(raw, path) {
      const value = typeof raw === 'number' && Number.isFinite(raw) && raw >= 0 ? String(raw) : raw;
      if (typeof value !== 'string' || !/^\d+(\.\d+)?$/.test(value))
        throw invalidParam(path, 'reason.number');
      if (!shape.test(value)) throw invalidParam(path, 'reason.decimals', { decimals: maxDecimals });
      if (value.replace('.', '').length > maxDigits)
        throw invalidParam(path, 'reason.digits', { min: 1, max: maxDigits });
      return typeof raw === 'number' ? raw : value;
    },
  };
}
