import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isDatabaseUnreachable } from './database-unreachable.js';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

test('a refused or lost connection and a server shutting down are unreachable', () => {
  assert.equal(isDatabaseUnreachable(coded('ECONNREFUSED')), true);
  assert.equal(
    isDatabaseUnreachable(coded('57P01', 'terminating connection due to administrator command')),
    true,
  );
  assert.equal(isDatabaseUnreachable(coded('57P03', 'the database system is starting up')), true);
  assert.equal(isDatabaseUnreachable(coded('08006')), true);
  assert.equal(isDatabaseUnreachable(new Error('Connection terminated unexpectedly')), true);
  assert.equal(isDatabaseUnreachable(new Error('batch failed', { cause: coded('ECONNRESET') })), true);
  assert.equal(isDatabaseUnreachable(new AggregateError([coded('ECONNREFUSED')], 'connect')), true);
});

test('a standby refusing a write and a server gone silent are unreachable: the primary is elsewhere', () => {
  assert.equal(
    isDatabaseUnreachable(coded('25006', 'cannot execute INSERT in a read-only transaction')),
    true,
  );
  assert.equal(isDatabaseUnreachable(new Error('Query read timeout')), true);
});

test('a statement the database refused is not an outage', () => {
  assert.equal(isDatabaseUnreachable(coded('23505', 'duplicate key')), false);
  assert.equal(isDatabaseUnreachable(coded('57014', 'canceling statement due to statement timeout')), false);
  assert.equal(isDatabaseUnreachable(coded('SQLITE_BUSY')), false);
  assert.equal(isDatabaseUnreachable(new Error('boom')), false);
  assert.equal(isDatabaseUnreachable(undefined), false);
});
