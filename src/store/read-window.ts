/**
 * Read windows: where a cached read's freshness check is shared by every request of a loop turn.
 *
 * A cached answer must show every commit acknowledged before its request arrived, by any process.
 * Requests, and every other word from outside (another worker, the CLI), arrive in the loop's
 * poll phase. A window opens in the check phase right after it (a `setImmediate`) and lasts for
 * that callback and the microtasks it starts: nothing can arrive in between. So one freshness
 * check made inside a window, after it opened, is later than the arrival of every request served
 * in it, and each cache needs to make it once per window instead of once per read
 * (docs/performance.md, change 19). Outside a window every read checks for itself.
 */

/** The open window's number, or 0 outside any window. */
let open = 0;
let opened = 0;
let waiting: (() => void)[] = [];

export function currentReadWindow(): number {
  return open;
}

/**
 * Resolves inside the next window, or returns undefined when one is open now. The closing
 * callback is queued together with the opening one, so no other callback runs in between.
 */
export function nextReadWindow(): Promise<void> | undefined {
  if (open !== 0) return undefined;
  if (waiting.length === 0) {
    setImmediate(openWindow);
    setImmediate(closeWindow);
  }
  return new Promise((resolve) => waiting.push(resolve));
}

function openWindow(): void {
  open = ++opened;
  const resolving = waiting;
  waiting = [];
  for (const resolve of resolving) resolve();
}

function closeWindow(): void {
  open = 0;
}
