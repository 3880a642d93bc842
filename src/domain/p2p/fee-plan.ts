import { divideHalfUp, formatRate, parseMarkup } from '../dcc/decimal-rate.js';

/**
 * A merchant's P2P fee plan, in the order currency's minor units: a percentage of the amount plus
 * a fixed part, kept within a minimum and a maximum. Read from the operator's text
 * `percent=1.5,fixed=30,min=50,max=5000` (every part optional); the percentage is an exact decimal.
 */
export interface FeePlan {
  /** Decimal string, 0 to 100. */
  readonly percent: string;
  readonly fixedMinor: number;
  readonly minMinor: number;
  /** null: no maximum. */
  readonly maxMinor: number | null;
}

const PARTS = new Set(['percent', 'fixed', 'min', 'max']);

/** The plan of an operator's text, or a message saying what is wrong with it. */
export function parseFeePlan(text: string): FeePlan | string {
  const values = new Map<string, string>();
  for (const part of text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')) {
    const [name = '', value = '', ...rest] = part.split('=').map((item) => item.trim());
    if (!PARTS.has(name) || rest.length > 0 || values.has(name)) {
      return `expected percent=P,fixed=N,min=N,max=N (each optional, once), not "${part}"`;
    }
    values.set(name, value);
  }
  const percent = parseMarkup(values.get('percent') ?? '0');
  if (percent === undefined) return 'percent must be a decimal from 0 to 100, such as 1.5';
  const minor = (name: string): number | undefined | string => {
    const value = values.get(name);
    if (value === undefined) return undefined;
    return /^\d{1,12}$/.test(value) ? Number(value) : `${name} must be an amount in minor units (digits)`;
  };
  const fixed = minor('fixed');
  const min = minor('min');
  const max = minor('max');
  for (const value of [fixed, min, max]) if (typeof value === 'string') return value;
  const plan: FeePlan = {
    percent: formatRate(percent),
    fixedMinor: (fixed as number | undefined) ?? 0,
    minMinor: (min as number | undefined) ?? 0,
    maxMinor: (max as number | undefined) ?? null,
  };
  if (plan.maxMinor !== null && plan.maxMinor < plan.minMinor) return 'max must not be below min';
  return plan;
}

/** The operator's text of a plan, as parseFeePlan reads it back. */
export function feePlanText(plan: FeePlan): string {
  const parts = [`percent=${plan.percent}`, `fixed=${plan.fixedMinor}`, `min=${plan.minMinor}`];
  if (plan.maxMinor !== null) parts.push(`max=${plan.maxMinor}`);
  return parts.join(',');
}

/** The fee of a transfer of `amountMinor`: percent (rounded half-up) + fixed, within min..max. */
export function feeFor(plan: FeePlan | undefined, amountMinor: number): number {
  if (plan === undefined) return 0;
  const percent = parseMarkup(plan.percent) ?? { units: 0n, scale: 0 };
  const share = Number(
    divideHalfUp(BigInt(amountMinor) * percent.units, 100n * 10n ** BigInt(percent.scale)),
  );
  const fee = Math.max(plan.minMinor, share + plan.fixedMinor);
  return plan.maxMinor === null ? fee : Math.min(plan.maxMinor, fee);
}
