import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Refusal } from '../../domain/refusals.js';
import { screenJsonValue } from './input-screen.js';

/** PostgreSQL refused to store `"\udfff\ud800"` from a JSON parameter: a 500 the fuzzer found. */
test('a JSON string holding an unpaired surrogate is refused as invalid JSON; paired ones pass', () => {
  for (const text of ['\udfff\ud800', 'a\ud800', '\udc00b', 'x\ud83d']) {
    assert.throws(
      () => screenJsonValue(JSON.parse(JSON.stringify({ payerLastName: text })), 'billingPayerData'),
      (error: unknown) => error instanceof Refusal,
      JSON.stringify(text),
    );
  }
  for (const text of ['😀', 'Zoë', 'plain', '\ud83d\ude00x']) {
    screenJsonValue({ payerLastName: text }, 'billingPayerData');
  }
});
