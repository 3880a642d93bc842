import { randomUUID, type KeyObject } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { CONTENT_TYPES, encodeBody, type Encoding } from './encoding.js';
import {
  GatehouseNetworkError,
  GatehouseResponseError,
  refusalOf,
  type Envelope,
  type ExchangeInfo,
} from './errors.js';
import { backoffMs, isRetriableStatus, retryAfterMs, retrySettings, type RetryOptions } from './retry.js';
import { rsaSigner, type RequestSigner } from './signing.js';

/** What the client needs to know of an operation to call it; generated from the API document. */
export interface OperationSpec {
  readonly path: string;
  readonly encoding: Encoding;
  readonly envelope: Envelope;
  /** Every call carries X-Hash and X-Signature (P2P, AFT, OCT). */
  readonly signed: boolean;
  /**
   * The login parameter: `userName` (REST), `username` (P2P); undefined when the shop is named by
   * a parameter and sends no secret (wallet payment.do: only its key opens the token).
   */
  readonly login: 'userName' | 'username' | undefined;
  /** `token` may replace the login and password. */
  readonly acceptsToken: boolean;
  /** The operation honours an Idempotency-Key header. */
  readonly idempotent: boolean;
  /** The operation only reads (a status query): sending it twice does nothing twice. */
  readonly read: boolean;
  readonly acceptsLanguage: boolean;
  /** Form parameters sent once per value. */
  readonly repeated: readonly string[];
}

export interface GatehouseClientOptions {
  /** Where Gatehouse answers, e.g. `http://localhost:8080`; the operations' paths are appended. */
  readonly baseUrl: string | URL;
  /** The API user (`<login>-api`) with its password; `username` in P2P bodies. */
  readonly userName?: string;
  readonly password?: string;
  /** Sent instead of userName and password where an operation accepts it (not P2P). */
  readonly token?: string;
  /** The language of messages, sent as `language` where the call does not name one. */
  readonly language?: string;
  /** The merchant's RSA private key (PEM or KeyObject) whose certificate the gateway holds. */
  readonly privateKey?: string | Buffer | KeyObject;
  /** Instead of `privateKey`: signs the body bytes (a key held in an HSM, say). */
  readonly signer?: RequestSigner;
  /**
   * Sign every call, not only those always signed: for a merchant the operator set to require
   * signatures. Needs `privateKey` or `signer`.
   */
  readonly signEveryCall?: boolean;
  /** Per call, until the answer is read; 30 000 by default, 0 for none. */
  readonly timeoutMs?: number;
  /** Headers sent on every call. */
  readonly headers?: Readonly<Record<string, string>>;
  /** The fetch to use (a proxy agent, instrumentation); the global one by default. */
  readonly fetch?: typeof fetch;
  /**
   * Sending a read, or a call with an Idempotency-Key, again after no answer, a 5xx or a 429;
   * `false` sends every call once. Other calls are never sent twice.
   */
  readonly retry?: RetryOptions | false;
}

export interface CallOptions {
  /** For operations that change state: a retry with the same key and body gets the first answer. */
  readonly idempotencyKey?: string;
  readonly signal?: AbortSignal;
  /** Replaces the client's timeoutMs for this call. */
  readonly timeoutMs?: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** Replaces the client's retry for this call. */
  readonly retry?: RetryOptions | false;
}

/** What the client knows of the answer a method returned. */
export interface ResponseInfo extends ExchangeInfo {
  readonly httpStatus: number;
  /** The gateway gave the recorded first answer to this Idempotency-Key again. */
  readonly replayed: boolean;
}

/**
 * A success answer with `lastResponse` beside its members: not enumerable, so it is not part of
 * the answer's JSON or of a copy of it.
 */
export type Answered<Answer> = Answer & { readonly lastResponse: ResponseInfo };

const DEFAULT_TIMEOUT_MS = 30_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Sends operations to one gateway with one merchant's credentials. The generated GatehouseClient
 * adds a typed method per operation on top of `call`.
 */
export class GatehouseTransport {
  private readonly baseUrl: string;
  private readonly signer: RequestSigner | undefined;
  private readonly fetcher: typeof fetch;

  constructor(private readonly options: GatehouseClientOptions) {
    this.baseUrl = String(options.baseUrl).replace(/\/+$/, '');
    this.signer =
      options.signer ?? (options.privateKey === undefined ? undefined : rsaSigner(options.privateKey));
    if (options.signEveryCall === true && this.signer === undefined) {
      throw new TypeError('signEveryCall needs privateKey or signer');
    }
    this.fetcher = options.fetch ?? globalThis.fetch;
  }

  /**
   * Calls an operation and answers its success; a refusal throws GatehouseError (with its
   * errorCode), an answer that is not the API's JSON throws GatehouseResponseError, no answer at
   * all (the network, or the timeout of each attempt) throws GatehouseNetworkError, and an abort by
   * the caller's signal rejects as fetch does. Each carries the call's request id.
   */
  protected async call<Answer>(
    operation: OperationSpec,
    params: object,
    callOptions: CallOptions = {},
  ): Promise<Answered<Answer>> {
    const body = encodeBody(operation.encoding, this.bodyParams(operation, params), operation.repeated);
    const headers = this.headers(operation, body, callOptions);
    const requestId = headerValue(headers, 'x-request-id') ?? randomUUID();
    // Only what cannot happen twice is sent twice: the gateway runs a key's call once.
    const repeatable = operation.read || headerValue(headers, 'idempotency-key') !== undefined;
    const settings = retrySettings(repeatable ? (callOptions.retry ?? this.options.retry) : false);
    for (let attempt = 1; ; attempt += 1) {
      // Each attempt its own id, all of one call sharing its stem: the gateway logs each.
      const sentId = attempt === 1 ? requestId : `${requestId}.${attempt}`;
      let response: Response;
      let text: string;
      try {
        response = await this.fetcher(`${this.baseUrl}${operation.path}`, {
          method: 'POST',
          headers: { ...withoutHeader(headers, 'x-request-id'), 'X-Request-Id': sentId },
          body,
          signal: this.signal(callOptions),
        });
        text = await response.text();
      } catch (error) {
        if (callOptions.signal?.aborted === true) throw error;
        if (attempt < settings.attempts) {
          await sleep(backoffMs(attempt + 1, settings), undefined, { signal: callOptions.signal });
          continue;
        }
        throw new GatehouseNetworkError(operation.path, error, { requestId: sentId, attempts: attempt });
      }
      if (isRetriableStatus(response.status) && attempt < settings.attempts) {
        const asked = retryAfterMs(response.headers.get('retry-after')) ?? 0;
        const wait = Math.max(backoffMs(attempt + 1, settings), asked);
        if (wait <= settings.maxDelayMs) {
          await sleep(wait, undefined, { signal: callOptions.signal });
          continue;
        }
      }
      const exchange = { requestId: response.headers.get('x-request-id') ?? sentId, attempts: attempt };
      return answerOf<Answer>(operation, response, text, exchange);
    }
  }

  private headers(operation: OperationSpec, body: string, callOptions: CallOptions): Record<string, string> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...this.options.headers,
      ...callOptions.headers,
      'content-type': CONTENT_TYPES[operation.encoding],
    };
    if (callOptions.idempotencyKey !== undefined) headers['Idempotency-Key'] = callOptions.idempotencyKey;
    // A P2P call without a key still goes out: the gateway's refusal says what is missing.
    if (this.signer !== undefined && (operation.signed || this.options.signEveryCall === true)) {
      Object.assign(headers, this.signer(Buffer.from(body, 'utf8')));
    }
    return headers;
  }

  /** The call's parameters with the credentials and the default language the operation takes. */
  private bodyParams(operation: OperationSpec, params: object): Record<string, unknown> {
    const { userName, password, token, language } = this.options;
    const credentials: Record<string, unknown> = {};
    if (operation.login !== undefined) {
      if (token !== undefined && operation.acceptsToken) credentials.token = token;
      else if (userName !== undefined) Object.assign(credentials, { [operation.login]: userName, password });
    }
    const defaults = language !== undefined && operation.acceptsLanguage ? { language } : {};
    const given = Object.entries(params).filter(([, value]) => value !== undefined);
    return { ...credentials, ...defaults, ...Object.fromEntries(given) };
  }

  private signal(callOptions: CallOptions): AbortSignal | undefined {
    const timeoutMs = callOptions.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const signals = [
      ...(callOptions.signal === undefined ? [] : [callOptions.signal]),
      ...(timeoutMs > 0 ? [AbortSignal.timeout(timeoutMs)] : []),
    ];
    if (signals.length <= 1) return signals[0];
    return AbortSignal.any(signals);
  }
}

function headerValue(headers: Readonly<Record<string, string>>, name: string): string | undefined {
  return Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
}

function withoutHeader(headers: Readonly<Record<string, string>>, name: string): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([key]) => key.toLowerCase() !== name));
}

/** The success of an answer, or what it throws; the exchange goes with either. */
function answerOf<Answer>(
  operation: OperationSpec,
  response: Response,
  text: string,
  exchange: ExchangeInfo,
): Answered<Answer> {
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new GatehouseResponseError(response.status, operation.path, text, exchange);
  }
  if (!isRecord(answer)) throw new GatehouseResponseError(response.status, operation.path, text, exchange);
  const refusal = refusalOf(answer, response.status, operation.envelope, operation.path, exchange);
  if (refusal !== undefined) throw refusal;
  if (!response.ok) throw new GatehouseResponseError(response.status, operation.path, text, exchange);
  const lastResponse: ResponseInfo = {
    ...exchange,
    httpStatus: response.status,
    replayed: response.headers.get('idempotent-replayed') === 'true',
  };
  Object.defineProperty(answer, 'lastResponse', { value: lastResponse, enumerable: false });
  return answer as Answered<Answer>;
}
