import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allCurrencies, currencyByNumeric } from './currencies.js';

test('currency table resolves the codes the spec and facts use', () => {
  assert.deepEqual(currencyByNumeric('978'), { numeric: '978', alpha: 'EUR', exponent: 2 });
  assert.equal(currencyByNumeric('392')?.exponent, 0);
  assert.equal(currencyByNumeric('048')?.alpha, 'BHD');
  assert.equal(currencyByNumeric('999'), undefined);
});

test('currency table has unique three-digit numeric and alphabetic codes', () => {
  const all = allCurrencies();
  assert.ok(all.length > 150);
  for (const currency of all) {
    assert.match(currency.numeric, /^\d{3}$/);
    assert.match(currency.alpha, /^[A-Z]{3}$/);
    assert.ok([0, 2, 3, 4].includes(currency.exponent), currency.alpha);
  }
  assert.equal(new Set(all.map((c) => c.alpha)).size, all.length);
});
