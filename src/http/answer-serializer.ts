import build from 'fast-json-stringify';
import type { AnswerSchema } from '../api/answers/answer-schema.js';

export type AnswerSerializer = (answer: object) => string;

/**
 * Test runs set this: every answer a compiled serializer writes is compared with JSON.stringify's
 * text, so a member the schema would coerce (a number as text, null as "") or reorder fails the
 * test that produced it instead of reaching a merchant.
 */
const CHECKED = process.env.GATEHOUSE_CHECK_ANSWERS === '1';

/**
 * An operation's success answer, written by code compiled from its schema once (issue 13:
 * precompiled serializers) instead of JSON.stringify walking the object. Every object of an
 * answer schema admits members it does not list, so a member is never dropped.
 */
export function answerSerializer(schema: AnswerSchema, checked = CHECKED): AnswerSerializer {
  const compiled: AnswerSerializer = build(schema);
  if (!checked) return compiled;
  return (answer) => {
    const text = compiled(answer);
    const expected = JSON.stringify(answer);
    if (text !== expected) {
      throw new Error(`answer serializer disagrees with JSON.stringify:\n  ${text}\n  ${expected}`);
    }
    return text;
  };
}
