import { test } from 'node:test';
import assert from 'node:assert/strict';
import { quantileBound, summarize } from './latency-summary.js';

const histogram = {
  kind: 'payment',
  count: 100,
  sumSeconds: 2.5,
  buckets: [
    { le: 0.005, count: 10 },
    { le: 0.01, count: 50 },
    { le: 0.025, count: 95 },
    { le: 10, count: 99 },
    { le: Infinity, count: 100 },
  ],
};

test('a quantile is the bound of the first bucket that holds it', () => {
  assert.equal(quantileBound(histogram, 0.5), 10);
  assert.equal(quantileBound(histogram, 0.9), 25);
  assert.equal(quantileBound(histogram, 0.99), 10_000);
  assert.equal(quantileBound(histogram, 1), null, 'beyond the largest bound: unknown');
});

test('the summary has the mean in milliseconds and the three bounds', () => {
  assert.deepEqual(summarize(histogram), {
    kind: 'payment',
    calls: 100,
    meanMs: 25,
    p50Ms: 10,
    p90Ms: 25,
    p99Ms: 10_000,
  });
});
