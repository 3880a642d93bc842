import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as nextCheckPhase } from 'node:timers/promises';
import { ReadWindows } from './read-window.js';

const windows = new ReadWindows();
const currentReadWindow = () => windows.current();
const nextReadWindow = () => windows.next();

test('a read window is open while its waiters run, and closed before any other callback', async () => {
  assert.equal(currentReadWindow(), 0);
  const waiting = nextReadWindow();
  assert.ok(waiting instanceof Promise);
  // Queued after the window was asked for: runs after it has closed.
  const seenByLaterCallback = new Promise<number>((resolve) =>
    setImmediate(() => resolve(currentReadWindow())),
  );
  await waiting;
  const window = currentReadWindow();
  assert.notEqual(window, 0);
  // Inside a window there is nothing to wait for.
  assert.equal(nextReadWindow(), undefined);
  await Promise.resolve();
  assert.equal(currentReadWindow(), window, 'microtasks of the window still run in it');
  assert.equal(await seenByLaterCallback, 0);
  await nextCheckPhase();
  assert.equal(currentReadWindow(), 0);
});

test('the waiters of one turn share a window; the next turn gets another', async () => {
  const seen = await Promise.all(
    [nextReadWindow(), nextReadWindow(), nextReadWindow()].map(async (waiting) => {
      await waiting;
      return currentReadWindow();
    }),
  );
  assert.equal(new Set(seen).size, 1);
  assert.notEqual(seen[0], 0);
  await nextCheckPhase();
  await nextReadWindow();
  assert.notEqual(currentReadWindow(), seen[0]);
});

test('two handles keep their own windows', async () => {
  const other = new ReadWindows();
  await windows.next();
  assert.notEqual(windows.current(), 0);
  assert.equal(other.current(), 0, "one handle's open window is not another's");
});
