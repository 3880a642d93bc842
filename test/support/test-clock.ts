import type { Clock } from '../../src/domain/clock.js';

/** Real time plus an offset the test can move forward, so deadlines can pass without waiting. */
export class TestClock implements Clock {
  private offsetMs = 0;

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
