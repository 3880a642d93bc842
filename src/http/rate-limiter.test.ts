import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Refusal } from '../domain/refusals.js';
import { RateLimiter } from './rate-limiter.js';

function steppingClock(startMs = 0) {
  let nowMs = startMs;
  return { nowMs: () => nowMs, advance: (ms: number) => (nowMs += ms) };
}

test('the request rate allows exactly the limit per second, then refills', () => {
  const clock = steppingClock();
  const limiter = new RateLimiter(clock);
  for (let i = 0; i < 3; i += 1) limiter.acquire('u', 3, 100)();
  assert.throws(
    () => limiter.acquire('u', 3, 100),
    (e: unknown) => e instanceof Refusal && e.key === 'RATE_LIMITED',
  );
  clock.advance(334);
  assert.doesNotThrow(() => limiter.acquire('u', 3, 100)());
  assert.doesNotThrow(() => limiter.acquire('other', 3, 100)());
});

test('simultaneous requests are capped at the limit and released slots are reusable', () => {
  const limiter = new RateLimiter(steppingClock());
  const first = limiter.acquire('u', 100, 2);
  const second = limiter.acquire('u', 100, 2);
  assert.throws(
    () => limiter.acquire('u', 100, 2),
    (e: unknown) => e instanceof Refusal && e.key === 'CONCURRENCY_LIMITED' && e.vars.limit === 2,
  );
  first();
  first();
  assert.doesNotThrow(() => limiter.acquire('u', 100, 2));
  second();
});

test('each process enforces its share of the limit, and a new share applies to the next request', () => {
  const limiter = new RateLimiter(steppingClock(), 2);
  for (let i = 0; i < 5; i += 1) limiter.acquire('u', 10, 100)();
  assert.throws(
    () => limiter.acquire('u', 10, 100),
    (e: unknown) => e instanceof Refusal && e.key === 'RATE_LIMITED',
  );
  limiter.share(5);
  const first = limiter.acquire('v', 10, 10);
  const second = limiter.acquire('v', 10, 10);
  assert.throws(
    () => limiter.acquire('v', 10, 10),
    (e: unknown) => e instanceof Refusal && e.key === 'CONCURRENCY_LIMITED',
  );
  first();
  second();
});

test('a limit smaller than the processes sharing it still lets each its fraction through', () => {
  const clock = steppingClock();
  const limiter = new RateLimiter(clock, 3);
  limiter.acquire('u', 1, 10)();
  assert.throws(
    () => limiter.acquire('u', 1, 10),
    (e: unknown) => e instanceof Refusal && e.key === 'RATE_LIMITED',
  );
  clock.advance(2_000);
  assert.throws(() => limiter.acquire('u', 1, 10), 'a third of a request a second: not yet after 2 s');
  clock.advance(1_000);
  assert.doesNotThrow(() => limiter.acquire('u', 1, 10)());
});
