import type { KeyObject } from 'node:crypto';
import { signatureHeaders } from '../../src/security/request-signing.js';
import {
  browserGet,
  onlyForm,
  submit,
  type BrowserResponse,
  type PageForm,
} from '../../test/support/browser-forms.js';
import { send, sleep, type Auth, type Outcome, type RawBody } from '../../test/support/payment-load.js';
import { isSystemError } from '../../test/support/system-error.js';
import type { Cluster, Node } from './cluster.js';

/**
 * The chaos run's clients: connections running whole customer flows back to back, each request
 * sent to a node drawn at random among those up (a flow hops between nodes, as behind a balancer),
 * each answer timed, and each acknowledged step kept as what the order must read back as.
 */

const REST = '/payment/rest';
/** test-cards.md: not enrolled, approved in one call. */
const APPROVED = ['4444555511113333', '5100000000000008', '4000000000000010'];
/** The acquirer answering not at all or late: a timeout, a lost first answer, a call never received. */
const LATE = ['4000000000000119', '4000000000000309', '4000000000000317'];
/** Approved; each first capture or refund answer is lost on its way back. */
const FOLLOW_UP_LOST = '4000000000000259';
const DECLINED = '4000000000000002';
const FRICTIONLESS = '4111111111111111';
const CHALLENGE = '5555555555555599';
const WALLET_AMOUNT = 12345;

/** What an acknowledged answer says the order now is; amounts left out were not stated. */
export interface Expected {
  readonly status?: number;
  readonly deposited?: number;
  readonly refunded?: number;
}

export interface OrderRecord {
  readonly flow: string;
  readonly orderId: string;
  readonly amount: number;
  /** The last acknowledged answer's state; `final` when it left the outcome to recovery. */
  expected: Expected | 'final';
  /** A later step got no clear answer: the order may have moved on from `expected`. */
  uncertain: boolean;
}

export interface Sample {
  readonly path: string;
  readonly startMs: number;
  readonly endMs: number;
  /** undefined: no answer at all. */
  readonly status: number | undefined;
  readonly systemError: boolean;
  /** No answer because the node was killed while the request was in flight (expected). */
  readonly lostToKill: boolean;
  /** For a 5xx or a system error: which node, and the start of the answer. */
  readonly detail?: string;
}

export interface LoadState {
  readonly samples: Sample[];
  readonly orders: OrderRecord[];
  readonly flows: Record<string, { started: number; completed: number }>;
  stop: boolean;
}

export interface LoadWorld {
  readonly cluster: Cluster;
  readonly auth: Auth;
  readonly login: string;
  readonly signingKey: KeyObject;
  readonly walletToken: () => string;
}

type Body = Record<string, unknown>;

const statusOf = (body: Body | undefined): number | undefined => {
  const block = body?.orderStatus as Body | undefined;
  return typeof block?.OrderStatus === 'number' ? block.OrderStatus : undefined;
};

class Connection {
  private n = 0;

  constructor(
    private readonly world: LoadWorld,
    private readonly state: LoadState,
    private readonly random: () => number,
    private readonly prefix: string,
  ) {}

  private node(): Node {
    const up = this.world.cluster.up();
    return up[Math.floor(this.random() * up.length)] ?? this.world.cluster.nodes[0]!;
  }

  private record(path: string, node: Node, generation: number, startMs: number, outcome: Outcome): void {
    const systemError = outcome.answered && isSystemError(outcome.body);
    const failed = outcome.answered && (outcome.status >= 500 || systemError);
    this.state.samples.push({
      path,
      startMs,
      endMs: Date.now(),
      status: outcome.answered ? outcome.status : undefined,
      systemError,
      lostToKill: !outcome.answered && node.generation !== generation,
      ...(failed ? { detail: `node ${node.index}: ${outcome.status} ${outcome.text.slice(0, 160)}` } : {}),
    });
  }

  /** One API call to a node up now; the body when it acknowledged (HTTP 200, errorCode 0 or none). */
  private async api(
    path: string,
    params: Record<string, string | number> | RawBody,
  ): Promise<Body | undefined> {
    const node = this.node();
    const generation = node.generation;
    const startMs = Date.now();
    const url = node.process?.url;
    const outcome: Outcome = url === undefined ? { answered: false } : await send(url, path, params);
    this.record(path, node, generation, startMs, outcome);
    if (!outcome.answered) await sleep(50);
    if (!outcome.answered || outcome.status !== 200 || outcome.body === undefined) return undefined;
    const body = outcome.body;
    const errorCode = body.errorCode;
    if (body.success === false || (errorCode !== undefined && errorCode !== '0' && errorCode !== 0))
      return undefined;
    return body;
  }

  /** A customer's browser step, on whichever node is up; gateway and ACS pages share the database. */
  private async page(
    url: string,
    form?: PageForm,
    extra: Record<string, string> = {},
  ): Promise<BrowserResponse | undefined> {
    const node = this.node();
    const generation = node.generation;
    const base = node.process?.url ?? 'http://127.0.0.1:1';
    const rehome = (address: string) => {
      const target = new URL(address, base);
      return `${base}${target.pathname}${target.search}`;
    };
    const path = new URL(form?.action ?? url, base).pathname;
    const startMs = Date.now();
    let response: BrowserResponse | undefined;
    try {
      response =
        form === undefined
          ? await browserGet(rehome(url), { allowServerError: true })
          : await submit({ ...form, action: rehome(form.action) }, extra, { allowServerError: true });
    } catch {
      response = undefined;
    }
    const outcome: Outcome =
      response === undefined
        ? { answered: false }
        : { answered: true, status: response.status, body: undefined, text: response.text };
    this.record(path, node, generation, startMs, outcome);
    return response?.status !== undefined && response.status < 500 ? response : undefined;
  }

  private orderNumber(): string {
    this.n += 1;
    return `${this.prefix}-${this.n}`;
  }

  private amount(): number {
    return 100 + Math.floor(this.random() * 99_900);
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  private order(flow: string, orderId: string, amount: number, expected: Expected | 'final'): OrderRecord {
    const record: OrderRecord = { flow, orderId, amount, expected, uncertain: false };
    this.state.orders.push(record);
    return record;
  }

  /** The answer of a payment: final states stated, anything else left to recovery. */
  private paid(flow: string, body: Body, amount: number): OrderRecord {
    const status = statusOf(body);
    const expected: Expected | 'final' =
      status === 2
        ? { status, deposited: amount, refunded: 0 }
        : status === 1
          ? { status, deposited: 0, refunded: 0 }
          : status === 6
            ? { status, deposited: 0, refunded: 0 }
            : 'final';
    return this.order(flow, String(body.orderId), amount, expected);
  }

  private card(pan: string, amount: number, extra: Record<string, string | number> = {}) {
    return {
      ...this.world.auth,
      orderNumber: this.orderNumber(),
      amount,
      pan,
      expiry: '203412',
      cvc: '123',
      returnUrl: 'https://shop.example/ok',
      failUrl: 'https://shop.example/fail',
      ...extra,
    };
  }

  async register(): Promise<boolean> {
    const amount = this.amount();
    const body = await this.api(`${REST}/register.do`, {
      ...this.world.auth,
      orderNumber: this.orderNumber(),
      amount,
      returnUrl: 'https://shop.example/ok',
    });
    if (typeof body?.orderId !== 'string') return false;
    this.order('register', body.orderId, amount, { status: 0, deposited: 0, refunded: 0 });
    return true;
  }

  async pay(flow: string, pan: string): Promise<boolean> {
    const amount = this.amount();
    const body = await this.api(`${REST}/instantPayment.do`, this.card(pan, amount));
    if (typeof body?.orderId !== 'string') return false;
    this.paid(flow, body, amount);
    return true;
  }

  /** A hold, its full capture, then a partial refund: each acknowledged step moves the expectation. */
  async holdCaptureRefund(): Promise<boolean> {
    const amount = this.amount();
    const pan = this.random() < 0.25 ? FOLLOW_UP_LOST : this.pick(APPROVED);
    const held = await this.api(`${REST}/instantPayment.do`, this.card(pan, amount, { preAuth: 'true' }));
    if (typeof held?.orderId !== 'string') return false;
    const order = this.paid('hold+capture+refund', held, amount);
    if (statusOf(held) !== 1) return false;
    const orderId = held.orderId;
    const captured = await this.api(`${REST}/deposit.do`, { ...this.world.auth, orderId, amount: 0 });
    if (captured === undefined) return this.unsure(order);
    order.expected = { status: 2, deposited: amount, refunded: 0 };
    const part = Math.max(1, Math.floor(amount / 3));
    const refunded = await this.api(`${REST}/refund.do`, { ...this.world.auth, orderId, amount: part });
    if (refunded === undefined) return this.unsure(order);
    // The refund's answer states no status: a partly refunded order may read 2 or 4.
    order.expected = { deposited: amount, refunded: part };
    return true;
  }

  private unsure(order: OrderRecord): false {
    order.uncertain = true;
    return false;
  }

  /** A 3-D Secure 2 payment's first call, which answers the method data: the order waits at status 0. */
  private async threeDsStarted(flow: string, pan: string) {
    const amount = this.amount();
    const params = this.card(pan, amount);
    const first = await this.api(`${REST}/instantPayment.do`, params);
    if (typeof first?.orderId !== 'string') return undefined;
    const order = this.order(flow, first.orderId, amount, { status: 0, deposited: 0, refunded: 0 });
    return { amount, params, orderId: first.orderId, transId: String(first.threeDSServerTransId), order };
  }

  /** Frictionless 3-D Secure 2: the first call answers the method data, the second pays. */
  async frictionless(): Promise<boolean> {
    const started = await this.threeDsStarted('3ds frictionless', FRICTIONLESS);
    if (started === undefined) return false;
    const { amount, params, order } = started;
    const second = await this.api(`${REST}/instantPayment.do`, {
      ...params,
      threeDSServerTransId: started.transId,
      threeDSVer2MdOrder: started.orderId,
    });
    if (second === undefined) return this.unsure(order);
    order.expected = statusOf(second) === 2 ? { status: 2, deposited: amount, refunded: 0 } : 'final';
    return true;
  }

  /** A 3-D Secure 2 challenge passed on the ACS emulator's pages, as three-ds-direct.test.ts does. */
  async challenge(): Promise<boolean> {
    const started = await this.threeDsStarted('3ds challenge', CHALLENGE);
    if (started === undefined) return false;
    const { amount, params, orderId, order } = started;
    const second = await this.api(`${REST}/instantPayment.do`, {
      ...params,
      threeDSServerTransId: started.transId,
    });
    if (second === undefined) return this.unsure(order);
    // From here the order waits at the ACS (status 5) until the customer comes back.
    order.uncertain = true;
    const redirect = await this.page(`/payment/acsRedirect.do?orderId=${orderId}`);
    if (redirect === undefined) return false;
    const challengePage = await this.page('', onlyForm(redirect.text, 'http://x'));
    if (challengePage === undefined) return false;
    const final = await this.page('', onlyForm(challengePage.text, 'http://x'), {
      code: '123456',
      action: 'submit',
    });
    if (final === undefined) return false;
    const landed = await this.page('', onlyForm(final.text, 'http://x'));
    if (landed?.status !== 303 || landed.location?.startsWith('https://shop.example/ok') !== true)
      return false;
    order.uncertain = false;
    order.expected = { status: 2, deposited: amount, refunded: 0 };
    return true;
  }

  /** Stored credentials: a payment that stores the card, then a second order paid by the binding. */
  async binding(): Promise<boolean> {
    const clientId = `${this.prefix}-client-${this.n}`;
    const amount = this.amount();
    const stored = await this.api(
      `${REST}/instantPayment.do`,
      this.card(this.pick(APPROVED), amount, { clientId }),
    );
    if (typeof stored?.orderId !== 'string') return false;
    this.paid('binding', stored, amount);
    const listed = await this.api(`${REST}/getBindings.do`, {
      ...this.world.auth,
      clientId,
      bindingType: 'C',
    });
    const bindingId = (listed?.bindings as Body[] | undefined)?.[0]?.bindingId;
    if (typeof bindingId !== 'string') return false;
    const second = this.amount();
    const registered = await this.api(`${REST}/register.do`, {
      ...this.world.auth,
      orderNumber: this.orderNumber(),
      amount: second,
      clientId,
      returnUrl: 'https://shop.example/ok',
    });
    if (typeof registered?.orderId !== 'string') return false;
    const order = this.order('binding', registered.orderId, second, { status: 0, deposited: 0, refunded: 0 });
    const paid = await this.api(`${REST}/paymentOrderBinding.do`, {
      ...this.world.auth,
      mdOrder: registered.orderId,
      bindingId,
      tii: 'F',
    });
    if (paid === undefined) return this.unsure(order);
    order.expected = statusOf(paid) === 2 ? { status: 2, deposited: second, refunded: 0 } : 'final';
    return true;
  }

  async wallet(): Promise<boolean> {
    const body = await this.api('/payment/wallet-a/payment.do', {
      json: JSON.stringify({ merchant: this.world.login, paymentToken: this.world.walletToken() }),
    });
    const orderId = (body?.data as Body | undefined)?.orderId;
    if (typeof orderId !== 'string') return false;
    const status = (body?.orderStatus as Body | undefined)?.orderStatus;
    this.order(
      'wallet',
      orderId,
      WALLET_AMOUNT,
      status === 2 ? { status: 2, deposited: WALLET_AMOUNT, refunded: 0 } : 'final',
    );
    return true;
  }

  /** A signed card-to-card transfer; its money is checked against the acquirer's debit and credit. */
  async transfer(): Promise<boolean> {
    const amount = this.amount();
    const json = JSON.stringify({
      username: this.world.auth.userName,
      password: this.world.auth.password,
      orderNumber: this.orderNumber(),
      amount,
      currency: '978',
      returnUrl: 'https://shop.example/ok',
      fromCard: {
        pan: this.pick(APPROVED),
        expirationYear: 2034,
        expirationMonth: 12,
        cvc: '123',
        cardholderName: 'JANE DOE',
      },
      toCard: { pan: '5555555555554444' },
    });
    const headers = signatureHeaders(Buffer.from(json), this.world.signingKey);
    const body = await this.api(`${REST}/api/p2p/instantPerformP2P.do`, { json, headers });
    if (typeof body?.orderId !== 'string') return false;
    const status = (body.statusResponse as Body | undefined)?.orderStatus;
    this.order('p2p', body.orderId, amount, status === 2 ? { status: 2 } : 'final');
    return true;
  }

  /** Flows by weight: a mix of every kind of work the issue lists. */
  async run(): Promise<void> {
    const flows: readonly [string, number, () => Promise<boolean>][] = [
      ['register', 14, () => this.register()],
      ['pay', 16, () => this.pay('pay', this.pick(APPROVED))],
      ['pay, acquirer late or silent', 6, () => this.pay('pay late', this.pick(LATE))],
      ['pay, declined', 3, () => this.pay('declined', DECLINED)],
      ['hold+capture+refund', 14, () => this.holdCaptureRefund()],
      ['3ds frictionless', 8, () => this.frictionless()],
      ['3ds challenge', 6, () => this.challenge()],
      ['binding', 7, () => this.binding()],
      ['wallet', 7, () => this.wallet()],
      ['p2p', 7, () => this.transfer()],
    ];
    const total = flows.reduce((sum, [, weight]) => sum + weight, 0);
    while (!this.state.stop) {
      let draw = this.random() * total;
      const [name, , flow] = flows.find(([, weight]) => (draw -= weight) < 0) ?? flows[0]!;
      const tally = (this.state.flows[name] ??= { started: 0, completed: 0 });
      tally.started += 1;
      if (await flow()) tally.completed += 1;
    }
  }
}

export function runLoad(
  world: LoadWorld,
  state: LoadState,
  connections: number,
  randomFor: (index: number) => () => number,
  runTag: string,
): Promise<void[]> {
  return Promise.all(
    Array.from({ length: connections }, (_, index) =>
      new Connection(world, state, randomFor(index), `${runTag}-${index}`).run(),
    ),
  );
}
