/** Time as the core sees it; tests inject a frozen or stepping clock. */
export interface Clock {
  nowMs(): number;
}

export const systemClock: Clock = { nowMs: () => Date.now() };
