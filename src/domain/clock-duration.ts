const UNIT_MS = { w: 604_800_000, d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 } as const;

/** The furthest one move takes a test clock: ten years, past any date a rule of the API reads. */
export const CLOCK_MOVE_MAX_MS = 10 * 366 * UNIT_MS.d;

/** What a duration looks like: one or more amounts, each with its unit. */
export const CLOCK_DURATION_SHAPE = /^(\d{1,6}[wdhms])+$/;

/**
 * A duration as a developer types it, `7d`, `36h`, `1d12h`, `90m`, `3600s` or `2w`: milliseconds,
 * or undefined when the text is not one or is not above zero.
 */
export function parseClockDuration(text: string): number | undefined {
  if (!CLOCK_DURATION_SHAPE.test(text)) return undefined;
  let total = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+)([wdhms])/g)) {
    total += Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS];
  }
  return total > 0 ? total : undefined;
}
