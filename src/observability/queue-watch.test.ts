import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { QueueDepths } from '../store/queue-depths.js';
import { GatehouseMetrics } from './metrics.js';
import { QueueWatch } from './queue-watch.js';

const DEPTHS: QueueDepths = {
  callbacksPending: 3,
  callbacksOldestPendingAgeS: 12,
  callbacksDead: 1,
  stepsPending: 0,
  stepsNeedingAttention: 2,
  holdsDue: 0,
};

const sample = (text: string, name: string) =>
  text
    .split('\n')
    .find((line) => line.startsWith(`${name} `))
    ?.slice(name.length + 1);

test('the scrape shows the last figures, their age and whether the last read answered (issue 41)', async () => {
  let nowMs = 0;
  let answer: () => Promise<QueueDepths> = () => Promise.resolve(DEPTHS);
  const watch = new QueueWatch(() => answer(), { intervalMs: 3_600_000, timeoutMs: 20, nowMs: () => nowMs });
  const metrics = new GatehouseMetrics();
  metrics.queues(() => watch.latest());
  nowMs = 4_000;
  let text = await metrics.text();
  // prom-client writes NaN as `Nan`, which Prometheus reads as NaN (Go's ParseFloat ignores case).
  assert.equal(sample(text, 'gatehouse_callbacks_dead'), 'Nan', 'no figure before the first read');
  assert.equal(sample(text, 'gatehouse_queue_depths_age_seconds'), '4');
  assert.equal(sample(text, 'gatehouse_database_up'), '0');

  await watch.start();
  await watch.stop();
  nowMs = 6_500;
  text = await metrics.text();
  assert.equal(sample(text, 'gatehouse_callbacks_dead'), '1');
  assert.equal(sample(text, 'gatehouse_money_steps_needs_attention'), '2');
  assert.equal(sample(text, 'gatehouse_queue_depths_age_seconds'), '2.5');
  assert.equal(sample(text, 'gatehouse_database_up'), '1');

  // A database that never answers: the read gives up at the timeout, the last figures stay.
  answer = () => new Promise<QueueDepths>(() => undefined);
  await watch.start();
  await watch.stop();
  text = await metrics.text();
  assert.equal(sample(text, 'gatehouse_database_up'), '0');
  assert.equal(sample(text, 'gatehouse_callbacks_dead'), '1');
  answer = () => Promise.reject(new Error('connect ECONNREFUSED'));
  await watch.start();
  await watch.stop();
  assert.equal(watch.latest().databaseUp, false);
});
