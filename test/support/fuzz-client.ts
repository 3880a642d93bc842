import { Readable } from 'node:stream';
import type { EnvelopeStyle } from '../../src/api/operation.js';
import { cardDataIn } from './card-data.js';
import { clip, describeRequest, type FuzzRequest } from './request-fuzz.js';
import { isSystemError } from './system-error.js';

/** Sends fuzz requests to a running gateway and judges the answers. */

export interface FuzzAnswer {
  /** 0 when no HTTP answer came (see `error`). */
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
  readonly error?: string;
  /** From sending to the whole answer read. */
  readonly ms: number;
}

/** Requests in flight at once. */
export const FUZZ_CONCURRENCY = 8;
const ANSWER_TIMEOUT_MS = 30_000;
const PAD_NAME = '&fuzzPad=';

/** The body's bytes, padded with an unknown parameter to `padTo` bytes when asked. */
export function bodyBytesOf(request: FuzzRequest): Buffer {
  const body = Buffer.from(request.body, request.bodyBytes);
  if (request.padTo === undefined) return body;
  const missing = request.padTo - body.length - PAD_NAME.length;
  return Buffer.concat([body, Buffer.from(PAD_NAME), Buffer.alloc(Math.max(0, missing), 'a')]);
}

export async function sendFuzzRequest(baseUrl: string, request: FuzzRequest): Promise<FuzzAnswer> {
  const url = `${baseUrl}${request.path}${request.query === undefined ? '' : `?${request.query}`}`;
  const headers: Record<string, string> = { ...request.headers };
  if (request.contentType !== undefined) headers['content-type'] = request.contentType;
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers,
    signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
  };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const bytes = bodyBytesOf(request);
    if (request.chunked === true) {
      const half = Math.floor(bytes.length / 2);
      init.body = Readable.toWeb(
        Readable.from([bytes.subarray(0, half), bytes.subarray(half)]),
      ) as ReadableStream;
      init.duplex = 'half';
    } else {
      init.body = bytes;
    }
  }
  const startedMs = Date.now();
  try {
    const response = await fetch(url, init);
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text: await response.text(),
      ms: Date.now() - startedMs,
    };
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    return {
      status: 0,
      contentType: '',
      text: '',
      error: `${String(error)}${cause === undefined ? '' : ` (${cause})`}`,
      ms: Date.now() - startedMs,
    };
  }
}

/** The members a refusal carries, by envelope (src/http/envelope.ts); the wallets' are inside `error`. */
const ENVELOPE_MEMBERS: Record<EnvelopeStyle, readonly [code: string, message: string]> = {
  rest: ['errorCode', 'errorMessage'],
  legacyStatus: ['ErrorCode', 'ErrorMessage'],
  instant: ['errorCode', 'error'],
  wallet: ['code', 'message'],
};

/**
 * What is wrong with an answer: a 5xx or the system-error envelope under any status, a refusal
 * without the spec's envelope, card data echoed.
 */
export function problemsWith(request: FuzzRequest, answer: FuzzAnswer): string[] {
  if (answer.error !== undefined) return [`no answer: ${answer.error}`];
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`HTTP ${answer.status}`);
  for (const pan of request.pans) {
    if (answer.text.includes(pan)) problems.push(`the card number ${pan} echoed`);
  }
  problems.push(
    ...cardDataIn(answer.text, [...new Set(['123', ...request.cvcs])]).map((found) => `${found} echoed`),
  );
  // A HEAD answer has no body by definition.
  if (request.method === 'HEAD') return problems;
  if (!/^application\/json\b/.test(answer.contentType))
    problems.push(`Content-Type ${answer.contentType || '(none)'}`);
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return [...problems, 'the body is not JSON'];
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return [...problems, 'the body is not a JSON object'];
  }
  const top = body as Record<string, unknown>;
  const members =
    request.envelope === 'wallet' && typeof top.error === 'object' && top.error !== null
      ? (top.error as Record<string, unknown>)
      : top;
  if (answer.status < 500 && isSystemError(top)) problems.push(`a system error with HTTP ${answer.status}`);
  const [codeName, messageName] = ENVELOPE_MEMBERS[request.envelope];
  const code = members[codeName];
  const refused = answer.status >= 400 || (code !== undefined && code !== '0');
  if (refused) {
    if (typeof code !== 'string' || code === '' || code === '0')
      problems.push(`a refusal without ${codeName}`);
    const message = members[messageName];
    if (typeof message !== 'string' || message.trim() === '')
      problems.push(`a refusal without ${messageName}`);
  }
  return problems;
}

export interface FuzzFailure {
  readonly request: FuzzRequest;
  readonly answer: FuzzAnswer;
  readonly problems: readonly string[];
}

export function describeFailure({ request, answer, problems }: FuzzFailure): string {
  return `${problems.join('; ')}\n  request: ${describeRequest(request)}\n  answer: ${answer.status} ${clip(answer.text, 400)}`;
}

/** Counts of what a run sent and got back. */
export class FuzzStats {
  readonly startedMs = Date.now();
  sent = 0;
  serverErrors = 0;
  /** Answers that were not refusals: the generator got through to the operation and succeeded. */
  successes = 0;
  readonly statuses = new Map<number, number>();
  readonly byOperation = new Map<string, number>();
  readonly byKind = new Map<string, number>();
  /** Milliseconds spent waiting for answers, by kind: where a run's time goes. */
  readonly msByKind = new Map<string, number>();

  record(request: FuzzRequest, answer: FuzzAnswer): void {
    this.sent += 1;
    this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1);
    if (answer.status >= 500) this.serverErrors += 1;
    if (answer.status === 200 && /"(errorCode|ErrorCode)":"0"|^\{"orderId"/.test(answer.text))
      this.successes += 1;
    const operation = request.operation.slice(request.operation.lastIndexOf('/') + 1);
    this.byOperation.set(operation, (this.byOperation.get(operation) ?? 0) + 1);
    const kind = request.kind.split(' ')[0] ?? request.kind;
    this.byKind.set(kind, (this.byKind.get(kind) ?? 0) + 1);
    this.msByKind.set(kind, (this.msByKind.get(kind) ?? 0) + answer.ms);
  }

  elapsedSeconds(): number {
    return (Date.now() - this.startedMs) / 1000;
  }

  summary(label: string): string {
    const histogram = [...this.statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}:${count}`)
      .join(' ');
    const kinds = [...this.byKind.entries()]
      .map(([kind, count]) => `${kind}:${count} (${Math.round((this.msByKind.get(kind) ?? 0) / count)} ms)`)
      .join(' ');
    return [
      `${label}: ${this.sent} requests in ${this.elapsedSeconds().toFixed(1)} s`,
      `  statuses ${histogram}`,
      `  5xx: ${this.serverErrors}`,
      `  successes: ${this.successes}; operations reached: ${this.byOperation.size}`,
      `  kinds ${kinds}`,
    ].join('\n');
  }
}

/** Sends one request, records it, and answers its problems. */
export async function tryRequest(
  baseUrl: string,
  request: FuzzRequest,
  stats: FuzzStats,
): Promise<FuzzFailure | undefined> {
  const answer = await sendFuzzRequest(baseUrl, request);
  const problems = problemsWith(request, answer);
  stats.record(request, answer);
  return problems.length === 0 ? undefined : { request, answer, problems };
}

/** The seed of a run: GATEHOUSE_FUZZ_SEED when set, else a fresh one (printed, so a run can be replayed). */
export function fuzzSeed(): number {
  const fromEnv = process.env.GATEHOUSE_FUZZ_SEED;
  if (fromEnv !== undefined && fromEnv !== '') {
    const seed = Number(fromEnv);
    if (!Number.isSafeInteger(seed)) throw new Error(`GATEHOUSE_FUZZ_SEED is not an integer: ${fromEnv}`);
    return seed;
  }
  return Math.floor(Math.random() * 2 ** 31);
}
