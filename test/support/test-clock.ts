import type { Clock } from '../../src/domain/clock.js';

/** Real time plus an offset the test can move forward, so deadlines can pass without waiting. */
export class TestClock implements Clock {
  private offsetMs = 0;
  private heldMs: number | undefined;

  nowMs(): number {
    return this.heldMs ?? Date.now() + this.offsetMs;
  }

  /** Stops time where it is until `release`: what a test of a lock measured in seconds needs on a slow machine. */
  hold(): void {
    this.heldMs = this.nowMs();
  }

  release(): void {
    this.heldMs = undefined;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
