/**
 * Read windows: where a cached read's freshness check is shared by every request of a loop turn.
 *
 * A cached answer must show every commit acknowledged before its request arrived, by any process.
 * Requests, and every other word from outside (another worker, the CLI), arrive in the loop's
 * poll phase. A window opens in the check phase right after it (a `setImmediate`) and lasts for
 * that callback and the microtasks it starts: nothing can arrive in between. So one freshness
 * check made inside a window, after it opened, is later than the arrival of every request served
 * in it, and each cache needs to make it once per window instead of once per read
 * (docs/history/performance-journal.md, change 19). Outside a window every read checks for itself.
 */

/**
 * One database handle's read windows. Owned by the handle (openStore makes one per SQLite store and
 * gives it to the handle's read cache), so two stores in one process never share a window number.
 */
export class ReadWindows {
  /** The open window's number, or 0 outside any window. */
  private open = 0;
  private opened = 0;
  private waiting: (() => void)[] = [];

  current(): number {
    return this.open;
  }

  /**
   * Resolves inside the next window, or returns undefined when one is open now. The closing
   * callback is queued together with the opening one, so no other callback runs in between.
   */
  next(): Promise<void> | undefined {
    if (this.open !== 0) return undefined;
    if (this.waiting.length === 0) {
      setImmediate(this.openWindow);
      setImmediate(this.closeWindow);
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private readonly openWindow = (): void => {
    this.open = ++this.opened;
    const resolving = this.waiting;
    this.waiting = [];
    for (const resolve of resolving) resolve();
  };

  private readonly closeWindow = (): void => {
    this.open = 0;
  };
}

/** The read windows of a Kysely handle, for the prepared reads it runs (prepared-query.ts). */
const owners = new WeakMap<object, ReadWindows>();

export function ownReadWindows(handle: object, windows: ReadWindows): void {
  owners.set(handle, windows);
}

export function readWindowsOf(handle: object): ReadWindows | undefined {
  return owners.get(handle);
}
