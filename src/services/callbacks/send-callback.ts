import http from 'node:http';
import https from 'node:https';
import type { CallbackParams } from '../../domain/callback-checksum.js';
import { CALLBACK_ADDRESS_PROBLEMS, type CallbackAddresses } from './callback-addresses.js';
import type { CallbackFailureReason } from './callback-observer.js';

/** `merchants.callback_http_method`: a form body (POST) or the query string (GET), gateway-facts §4.1. */
export const CALLBACK_HTTP_METHODS = ['POST', 'GET'] as const;
export type CallbackHttpMethod = (typeof CALLBACK_HTTP_METHODS)[number];

export function isCallbackHttpMethod(value: string): value is CallbackHttpMethod {
  return (CALLBACK_HTTP_METHODS as readonly string[]).includes(value);
}

export interface CallbackRequest {
  readonly url: string;
  readonly method: CallbackHttpMethod;
  readonly params: CallbackParams;
  /** X-Request-Id of the request that caused the callback, sent back so the merchant can match them. */
  readonly requestId?: string;
}

export type CallbackAttempt =
  | { readonly ok: true; readonly status: number }
  | {
      readonly ok: false;
      readonly error: string;
      readonly reason: CallbackFailureReason;
      /** Sending again cannot help (an address callbacks may not go to): the callback is dead. */
      readonly final?: boolean;
    };

const USER_AGENT = 'Gatehouse-Callback/1';

class AttemptTimeout extends Error {}

function failureReason(error: unknown): CallbackFailureReason {
  if (error instanceof AttemptTimeout) return 'timeout';
  const code = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
  if (code === 'ECONNREFUSED') return 'connection_refused';
  if (code === 'ECALLBACKNOTPUBLIC') return 'address_refused';
  return 'connection_error';
}

function statusReason(status: number): CallbackFailureReason {
  if (status >= 300 && status < 400) return 'http_3xx';
  if (status >= 400 && status < 500) return 'http_4xx';
  if (status >= 500 && status < 600) return 'http_5xx';
  return 'http_other';
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof AttemptTimeout) return `no answer within ${timeoutMs} ms`;
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ECALLBACKNOTPUBLIC')
    return `not sent: ${CALLBACK_ADDRESS_PROBLEMS.notPublic} (${error.message})`;
  return error.message;
}

/**
 * One delivery attempt. Only a 2xx answer counts as delivered (the real gateway wants 200;
 * gateway-facts §4.1). Redirects are not followed: a 3xx is a failure, as a callback must not be
 * sent on to an address the merchant never configured. The body of the answer is ignored. An
 * address `addresses` refuses is never connected to (callback-addresses.ts).
 */
export async function sendCallback(
  request: CallbackRequest,
  timeoutMs: number,
  addresses: CallbackAddresses,
): Promise<CallbackAttempt> {
  const problem = addresses.problemOf(request.url);
  if (problem !== undefined)
    return {
      ok: false,
      final: true,
      reason: 'address_refused',
      error: `not sent: ${CALLBACK_ADDRESS_PROBLEMS[problem]}`,
    };
  const url = new URL(request.url);
  const form = new URLSearchParams(request.params as Record<string, string>);
  if (request.method === 'GET') for (const [name, value] of form) url.searchParams.append(name, value);
  const body = request.method === 'POST' ? form.toString() : undefined;
  return new Promise<CallbackAttempt>((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const sending = client.request(
      url,
      {
        method: request.method,
        headers: {
          'user-agent': USER_AGENT,
          ...(request.requestId === undefined ? {} : { 'x-request-id': request.requestId }),
          ...(body === undefined
            ? {}
            : {
                'content-type': 'application/x-www-form-urlencoded',
                'content-length': Buffer.byteLength(body),
              }),
        },
        ...(addresses.lookup === undefined ? {} : { lookup: addresses.lookup }),
      },
      (response) => {
        // Releases the connection without reading a body we have no use for.
        response.resume();
        clearTimeout(deadline);
        const status = response.statusCode ?? 0;
        resolve(
          status >= 200 && status < 300
            ? { ok: true, status }
            : { ok: false, reason: statusReason(status), error: `HTTP ${status}` },
        );
      },
    );
    const deadline = setTimeout(() => sending.destroy(new AttemptTimeout()), timeoutMs);
    sending.on('error', (error) => {
      clearTimeout(deadline);
      resolve({ ok: false, reason: failureReason(error), error: describeFailure(error, timeoutMs) });
    });
    sending.end(body);
  });
}
