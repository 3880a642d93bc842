import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ParsedOnce } from './parsed-once.js';

test('a text is parsed once, a failed parse is not remembered, and the oldest entry goes first', () => {
  const memo = new ParsedOnce<{ text: string }>(2);
  let parses = 0;
  const parse = (text: string) => () => {
    parses += 1;
    if (text === 'bad') throw new Error('unreadable');
    return { text };
  };
  const first = memo.get('a', parse('a'));
  assert.equal(memo.get('a', parse('a')), first);
  assert.equal(parses, 1);
  assert.throws(() => memo.get('bad', parse('bad')), /unreadable/);
  assert.throws(() => memo.get('bad', parse('bad')), /unreadable/);
  assert.equal(parses, 3);
  memo.get('b', parse('b'));
  memo.get('c', parse('c'));
  assert.equal(memo.size, 2);
  assert.notEqual(memo.get('a', parse('a')), first, 'the oldest entry was dropped and parsed again');
  assert.equal(parses, 6);
});
