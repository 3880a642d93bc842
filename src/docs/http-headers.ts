type Schema = Record<string, unknown>;

/** requestIdFrom in src/http/request-id.ts: what the gateway keeps of a caller's X-Request-Id. */
const REQUEST_ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$';

export const REQUEST_ID_PARAMETER = { $ref: '#/components/parameters/RequestId' };
export const REQUEST_ID_HEADER = { $ref: '#/components/headers/RequestId' };
export const RETRY_AFTER_HEADER = { $ref: '#/components/headers/RetryAfter' };

/** The components the operations' headers refer to. */
export function headerComponents(): { parameters: Schema; headers: Schema } {
  return {
    parameters: {
      RequestId: {
        name: 'X-Request-Id',
        in: 'header',
        required: false,
        description:
          'Your id for the call: kept when it matches the pattern, else replaced by a new one. The answer, every log line of the call and the callbacks it causes carry it.',
        schema: { type: 'string', pattern: REQUEST_ID_PATTERN },
      },
    },
    headers: {
      RequestId: {
        description:
          "The call's id: the caller's X-Request-Id when it was kept, else one the gateway made. Quote it when asking about a call.",
        required: true,
        schema: { type: 'string', minLength: 1, maxLength: 128 },
      },
      RetryAfter: {
        description: 'Seconds to wait before sending the call again (RFC 9110).',
        schema: { type: 'integer', minimum: 0 },
      },
    },
  };
}

/**
 * The headers of an answer with this status: every answer carries its request id; a 429 (a limit,
 * or the same Idempotency-Key still running) says when to come back, and so does a 500 when its
 * cause is a database the gateway cannot reach (src/http/retry-after.ts).
 */
export function answerHeaders(status: number): Schema {
  if (status === 429) {
    return {
      'X-Request-Id': REQUEST_ID_HEADER,
      'Retry-After': { ...RETRY_AFTER_HEADER, description: 'Always present: seconds to wait.' },
    };
  }
  if (status === 500) {
    return {
      'X-Request-Id': REQUEST_ID_HEADER,
      'Retry-After': {
        ...RETRY_AFTER_HEADER,
        description: 'Present when the database cannot be reached: seconds to wait.',
      },
    };
  }
  return { 'X-Request-Id': REQUEST_ID_HEADER };
}
