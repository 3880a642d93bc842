import type { CallbackParams } from '../../domain/callback-checksum.js';

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
}

export type CallbackAttempt =
  { readonly ok: true; readonly status: number } | { readonly ok: false; readonly error: string };

const USER_AGENT = 'Gatehouse-Callback/1';

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`;
  if (!(error instanceof Error)) return String(error);
  // fetch reports socket problems as "fetch failed" with the reason (ECONNREFUSED…) in `cause`.
  const cause: unknown = error.cause;
  if (cause instanceof Error) {
    const code = (cause as NodeJS.ErrnoException).code;
    return `${error.message}: ${code ?? cause.message}`;
  }
  return error.message;
}

/**
 * One delivery attempt. Only a 2xx answer counts as delivered (the real gateway wants 200;
 * gateway-facts §4.1). Redirects are not followed: a 3xx is a failure, as a callback must not be
 * sent on to an address the merchant never configured. The body of the answer is ignored.
 */
export async function sendCallback(request: CallbackRequest, timeoutMs: number): Promise<CallbackAttempt> {
  const url = new URL(request.url);
  const form = new URLSearchParams(request.params as Record<string, string>);
  if (request.method === 'GET') for (const [name, value] of form) url.searchParams.append(name, value);
  try {
    const response = await fetch(url, {
      method: request.method,
      headers: {
        'user-agent': USER_AGENT,
        ...(request.method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(request.method === 'POST' ? { body: form.toString() } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Releases the connection without reading a body we have no use for.
    await response.body?.cancel();
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
    return { ok: false, error: `HTTP ${response.status}` };
  } catch (error) {
    return { ok: false, error: describeFailure(error, timeoutMs) };
  }
}
