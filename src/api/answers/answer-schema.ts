/**
 * JSON Schemas of the hot operations' success answers, compiled into their serializers
 * (src/http/answer-serializer.ts). Members are listed in the order the views write them; every
 * object admits unlisted members, so a schema can only make an answer slower, never shorter.
 */
export interface AnswerSchema {
  readonly type: 'object';
  readonly properties: Readonly<Record<string, MemberSchema>>;
  readonly additionalProperties: true;
}

export type MemberSchema =
  | AnswerSchema
  | {
      readonly type: 'string' | 'number' | 'boolean' | readonly ['string', 'null'];
    }
  | { readonly type: 'array'; readonly items: MemberSchema }
  /** Anything: written as JSON.stringify writes it (a parsed cart, a 3-D Secure result). */
  | Readonly<Record<string, never>>;

export const TEXT = { type: 'string' } as const;
export const NUMBER = { type: 'number' } as const;
export const BOOLEAN = { type: 'boolean' } as const;
export const TEXT_OR_NULL = { type: ['string', 'null'] } as const;
export const ANY = {} as const;

export function object(properties: Record<string, MemberSchema>): AnswerSchema {
  return { type: 'object', properties, additionalProperties: true };
}

export function arrayOf(items: MemberSchema): MemberSchema {
  return { type: 'array', items };
}
