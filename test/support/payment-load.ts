import { formBody } from './gatehouse-harness.js';
import { isSystemError } from './system-error.js';

// The client side of the crash trial (crash-trial.ts): connections sending registrations and
// instant payments back to back, each request recorded with what acknowledged it.

/** A registration, a payment the issuer approves, or one whose issuer never answers. */
export type LoadKind = 'register' | 'pay' | 'payTimeout';

export interface LoadRequest {
  readonly kind: LoadKind;
  readonly orderNumber: string;
  readonly amount: number;
  orderId?: string;
  /** orderStatus.OrderStatus of an acknowledged payment. */
  ackStatus?: number;
}

export interface LoadTally {
  sent: number;
  /** Answers that acknowledged nothing (a refusal); the sample shows the first. */
  refused: number;
  refusedSample: string | undefined;
  serverErrors: number;
  /** Requests that got no answer because of a kill. */
  unanswered: number;
  /** Requests that got no answer while the server was meant to be up. */
  failedWhileUp: number;
}

export type Auth = { readonly userName: string; readonly password: string };

const REGISTER = '/payment/rest/register.do';
const INSTANT_PAYMENT = '/payment/rest/instantPayment.do';
const APPROVED_CARD = '4111111111111111';
/** test-cards.md: the issuer never answers, so the authorization waits out the acquirer timeout. */
const SILENT_ISSUER_CARD = '4000000000000119';
const REQUEST_TIMEOUT_MS = 30_000;

/** mulberry32: a small seeded generator, so a trial's mix and kill moments follow from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const sleep = (ms: number): Promise<unknown> => new Promise((resolve) => setTimeout(resolve, ms));

function paramsOf(request: LoadRequest, auth: Auth): Record<string, string | number> {
  const order = { ...auth, orderNumber: request.orderNumber, amount: request.amount };
  if (request.kind === 'register') return { ...order, returnUrl: 'https://shop.example/ok' };
  return {
    ...order,
    pan: request.kind === 'pay' ? APPROVED_CARD : SILENT_ISSUER_CARD,
    expiry: '203412',
    cvc: '123',
    returnUrl: 'https://shop.example/ok',
    failUrl: 'https://shop.example/fail',
  };
}

export type Outcome =
  | { readonly answered: false }
  | {
      readonly answered: true;
      readonly status: number;
      readonly body: Record<string, unknown> | undefined;
      readonly text: string;
    };

/** A signed or JSON body sent as it is, with its own headers (P2P, wallets). */
export interface RawBody {
  readonly json: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A form POST (or a raw JSON one); no answer (a reset connection, a timeout) is `answered: false`. */
export async function send(
  url: string,
  path: string,
  params: Record<string, string | number> | RawBody,
): Promise<Outcome> {
  try {
    const raw = typeof params.json === 'string' ? (params as RawBody) : undefined;
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers:
        raw === undefined
          ? { 'content-type': 'application/x-www-form-urlencoded' }
          : { 'content-type': 'application/json', ...raw.headers },
      body: raw === undefined ? formBody(params as Record<string, string | number>) : raw.json,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    let body: Record<string, unknown> | undefined;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = undefined;
    }
    return { answered: true, status: response.status, body, text };
  } catch {
    return { answered: false };
  }
}

/**
 * One connection: requests back to back until `killing.now`. Connection 0 sends only payments whose
 * issuer never answers, so one authorization is nearly always pending at the acquirer.
 */
export async function loadConnection(
  url: string,
  auth: Auth,
  prefix: string,
  index: number,
  random: () => number,
  requests: LoadRequest[],
  tally: LoadTally,
  killing: { now: boolean },
): Promise<void> {
  for (let n = 0; !killing.now; n += 1) {
    const draw = random();
    const kind: LoadKind =
      index === 0 ? 'payTimeout' : draw < 0.4 ? 'register' : draw < 0.92 ? 'pay' : 'payTimeout';
    const request: LoadRequest = {
      kind,
      orderNumber: `${prefix}-${index}-${n}`,
      amount: 100 + Math.floor(random() * 99_900),
    };
    requests.push(request);
    tally.sent += 1;
    const outcome = await send(
      url,
      kind === 'register' ? REGISTER : INSTANT_PAYMENT,
      paramsOf(request, auth),
    );
    if (!outcome.answered) {
      if (killing.now) {
        tally.unanswered += 1;
      } else {
        tally.failedWhileUp += 1;
        await sleep(50);
      }
      continue;
    }
    const body = outcome.body;
    // The system-error envelope counts as a server error whatever its status (system-error.ts).
    if (outcome.status >= 500 || isSystemError(body)) tally.serverErrors += 1;
    if (
      outcome.status === 200 &&
      body !== undefined &&
      typeof body.orderId === 'string' &&
      (body.errorCode === undefined || body.errorCode === '0')
    ) {
      request.orderId = body.orderId;
      const block = body.orderStatus as Record<string, unknown> | undefined;
      if (typeof block?.OrderStatus === 'number') request.ackStatus = block.OrderStatus;
    } else {
      tally.refused += 1;
      tally.refusedSample ??= `${outcome.status} ${outcome.text.slice(0, 200)}`;
    }
  }
}
