/**
 * How the gateway shapes a refusal for an operation (merchant-api.md, Errors): `rest` is
 * {errorCode, errorMessage}; `legacyStatus` is getOrderStatus.do's {ErrorCode, ErrorMessage};
 * `instant` is {errorCode, error, errorMessage}; `wallet` is {success: false, error: {code,
 * message, description}}.
 */
export type Envelope = 'rest' | 'legacyStatus' | 'instant' | 'wallet';

/** What the client knows of the exchange behind an answer or an error. */
export interface ExchangeInfo {
  /**
   * The X-Request-Id of the answer (the gateway keeps the one the client sent, else makes one);
   * for a call that got no answer, the one the client sent. Quote it when asking about a call.
   */
  readonly requestId: string | undefined;
  /** How many times the call was sent. */
  readonly attempts: number;
}

const NO_EXCHANGE: ExchangeInfo = { requestId: undefined, attempts: 1 };

/**
 * A refusal: the gateway answered with a non-zero errorCode (or `success: false`). Most refusals
 * come with HTTP 200, so `httpStatus` is informative only; `errorCode` is what to branch on.
 */
export class GatehouseError extends Error {
  override readonly name = 'GatehouseError';
  /** The errorCode (ErrorCode, error.code) as text, e.g. '5'. */
  readonly errorCode: string;
  readonly httpStatus: number;
  /** The shape the refusal came in, from the operation it answers. */
  readonly envelope: Envelope;
  /** The operation's address, e.g. /payment/rest/refund.do. */
  readonly path: string;
  /** The wallet envelope's technical `error.description`, for developers; undefined in the others. */
  readonly description: string | undefined;
  /** The answer as parsed. */
  readonly body: Readonly<Record<string, unknown>>;
  /** The answer's X-Request-Id. */
  readonly requestId: string | undefined;
  readonly attempts: number;

  constructor(init: {
    errorCode: string;
    message: string;
    httpStatus: number;
    envelope: Envelope;
    path: string;
    description?: string | undefined;
    body: Readonly<Record<string, unknown>>;
    exchange?: ExchangeInfo;
  }) {
    super(init.message === '' ? `errorCode ${init.errorCode}` : init.message);
    this.requestId = (init.exchange ?? NO_EXCHANGE).requestId;
    this.attempts = (init.exchange ?? NO_EXCHANGE).attempts;
    this.errorCode = init.errorCode;
    this.httpStatus = init.httpStatus;
    this.envelope = init.envelope;
    this.path = init.path;
    this.description = init.description;
    this.body = init.body;
  }
}

/**
 * An answer that is not the API's JSON object (a proxy's error page, an empty 502), or a non-2xx
 * answer without an errorCode: there is no errorCode to give.
 */
export class GatehouseResponseError extends Error {
  override readonly name = 'GatehouseResponseError';
  readonly httpStatus: number;
  readonly path: string;
  /** The answer's text as received. */
  readonly text: string;
  /** The answer's X-Request-Id (absent when a proxy answered). */
  readonly requestId: string | undefined;
  readonly attempts: number;

  constructor(httpStatus: number, path: string, text: string, exchange: ExchangeInfo = NO_EXCHANGE) {
    super(`${path} answered HTTP ${httpStatus} with no API answer: ${text.slice(0, 200)}`);
    this.httpStatus = httpStatus;
    this.path = path;
    this.text = text;
    this.requestId = exchange.requestId;
    this.attempts = exchange.attempts;
  }
}

/**
 * No answer came: the connection failed or the client's timeout passed, on every attempt it was
 * allowed. `cause` is fetch's error (a TypeError, a TimeoutError). The call may still have reached
 * the gateway: `requestId` is the id it was sent with. An abort by the caller's own signal is
 * thrown as fetch throws it.
 */
export class GatehouseNetworkError extends Error {
  override readonly name = 'GatehouseNetworkError';
  readonly path: string;
  readonly requestId: string | undefined;
  readonly attempts: number;

  constructor(path: string, cause: unknown, exchange: ExchangeInfo) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`${path}: no answer after ${exchange.attempts} attempt(s): ${reason}`, { cause });
    this.path = path;
    this.requestId = exchange.requestId;
    this.attempts = exchange.attempts;
  }
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

function record(value: unknown): Readonly<Record<string, unknown>> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * The refusal an answer carries, or undefined for a success. The spec's rule for every envelope:
 * `success` decides when present; otherwise errorCode (ErrorCode) 0 or absent is success. The
 * examples give errorCode both as "0" and as 0, so both are read.
 */
export function refusalOf(
  body: Readonly<Record<string, unknown>>,
  httpStatus: number,
  envelope: Envelope,
  path: string,
  exchange?: ExchangeInfo,
): GatehouseError | undefined {
  const error = record(body.error);
  if (typeof body.success === 'boolean') {
    if (body.success) return undefined;
    return new GatehouseError({
      errorCode: text(error?.code) ?? text(body.errorCode) ?? '',
      message: text(error?.message) ?? text(body.errorMessage) ?? '',
      description: text(error?.description),
      httpStatus,
      envelope,
      path,
      body,
      ...(exchange === undefined ? {} : { exchange }),
    });
  }
  const errorCode = text(body.errorCode) ?? text(body.ErrorCode);
  if (errorCode === undefined || Number(errorCode) === 0) return undefined;
  return new GatehouseError({
    errorCode,
    message: text(body.errorMessage) ?? text(body.ErrorMessage) ?? text(body.error) ?? '',
    httpStatus,
    envelope,
    path,
    body,
    ...(exchange === undefined ? {} : { exchange }),
  });
}
