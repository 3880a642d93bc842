import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConsoleSandbox } from './console-sandbox.js';
import { ConsoleForbidden, ConsoleNotFound, type Operator } from './operator.js';

const admin: Operator = { id: 'o1', email: 'a@ops.example', role: 'admin', sessionId: 's' };
const viewer: Operator = { ...admin, role: 'viewer' };
// Nothing below the rights check is reached in these cases.
const unused = {} as never;

test('without the sandbox (production) the tools do not exist, for every role', async () => {
  const off = new ConsoleSandbox(undefined, unused, unused, unused, unused, unused);
  assert.equal(off.enabled, false);
  assert.throws(() => off.cards(admin), ConsoleNotFound);
  await assert.rejects(off.rates(admin), ConsoleNotFound);
  await assert.rejects(off.expireNow({ operator: admin, key: crypto.randomUUID() }, 'x'), ConsoleNotFound);
});

test('with the sandbox, a role without sandbox.use is refused and cards are masked', () => {
  const on = new ConsoleSandbox(
    { payment: unused, expiry: unused, scope: unused },
    unused,
    unused,
    unused,
    unused,
    unused,
  );
  assert.throws(() => on.cards(viewer), ConsoleForbidden);
  const cards = on.cards(admin);
  assert.ok(cards.length > 10);
  for (const card of cards) assert.match(card.masked, /^\d{6}\*\*\d{4}$/);
});
