import type { MerchantScope } from '../../domain/clock.js';
import { parseClockDuration } from '../../domain/clock-duration.js';
import { ORDER_STATUS } from '../../domain/order-status.js';
import { invalidParam } from '../../domain/refusals.js';
import type { ClockMove, ClockReading, SandboxClocks } from '../sandbox-clock/sandbox-clocks.js';
import type { ClockAdvanced } from '../sandbox-clock/clock-advanced.js';

export type { ClockAdvanced } from '../sandbox-clock/clock-advanced.js';
import { Pan } from '../../domain/pan.js';
import { TEST_CARDS, type TestCard } from '../../processing/sandbox/test-cards.js';
import type { ConsoleOrderRepository } from '../../store-reports/console-order-repository.js';
import type { DccRateRow } from '../../store/schema.js';
import type { CardPayment } from '../card-payment.js';
import type { DccRateAdmin } from '../dcc/dcc-rate-admin.js';
import { AdminError } from '../admin-error.js';
import type { MerchantDirectory } from '../merchant-directory.js';
import type { OrderExpiry } from '../order-expiry.js';
import type { OrderLifecycle } from '../order-lifecycle.js';
import type { ActionRequest, ActionResult, AuditedOnce } from './audited-once.js';
import {
  ConsoleForbidden,
  ConsoleNotFound,
  requireRight,
  seesMerchant,
  visibleOrder,
  type Operator,
} from './operator.js';

/** A test card as the console shows it: masked, with what the sandbox world does with it. */
export interface TestCardView {
  readonly index: number;
  readonly masked: string;
  readonly issuer: TestCard['issuer'];
  readonly threeDS: TestCard['threeDS'];
  readonly billing: string;
}

/** The services the sandbox tools pay and expire orders with, and move the merchants' test clocks. */
export interface SandboxTools {
  readonly payment: CardPayment;
  readonly expiry: OrderExpiry;
  /**
   * The tools act on the order's merchant's clock (a sandbox test clock, issue 45); the audit
   * entry is the operator's, on real time.
   */
  readonly scope: MerchantScope;
  /** The merchants' test clocks (issue 45): gatehouse.sandboxClocks. */
  readonly clocks?: {
    readonly clocks: Pick<SandboxClocks, 'refresh' | 'read'>;
    readonly advance: {
      advance(merchantId: string, move: ClockMove): Promise<ClockAdvanced>;
    };
  };
}

/** A merchant the operator sees, with its test clock. */
export interface MerchantClock {
  readonly merchantId: string;
  readonly login: string;
  readonly clock: ClockReading;
}

/** What a test clock's advance did, as the page shows it: the outcome, and what happened when done. */
export interface ClockAdvanceResult {
  readonly result: ActionResult;
  readonly advanced?: ClockAdvanced;
}

/** The sandbox's expiry for every test card: any future month works (test-cards.md). */
const TEST_EXPIRY = { year: 2034, month: 12 } as const;
const TEST_CVC = '123';

/**
 * Tools of the sandbox world (never under GATEHOUSE_ENV=production): pay an order with a test
 * card, move an order's clock (expire it now, run its automatic capture or reversal now), move a
 * merchant's test clock forward, edit the DCC rates. Each is an operator action like the others: once per form, audited.
 */
export class ConsoleSandbox {
  constructor(
    /** What the tools act through; undefined under GATEHOUSE_ENV=production (no tools). */
    private readonly tools: SandboxTools | undefined,
    private readonly orders: ConsoleOrderRepository,
    private readonly audited: AuditedOnce,
    private readonly lifecycle: OrderLifecycle,
    private readonly directory: MerchantDirectory,
    private readonly rateAdmin: DccRateAdmin,
  ) {}

  get enabled(): boolean {
    return this.tools !== undefined;
  }

  private allow(operator: Operator): SandboxTools {
    if (this.tools === undefined) throw new ConsoleNotFound('the sandbox tools are off in production');
    requireRight(operator, 'sandbox.use');
    return this.tools;
  }

  cards(operator: Operator): TestCardView[] {
    this.allow(operator);
    return TEST_CARDS.map((card, index) => ({
      index,
      masked: new Pan(card.pan).masked,
      issuer: card.issuer,
      threeDS: card.threeDS,
      billing: card.billing === undefined ? 'EUR, DE' : `${card.billing.currency}, ${card.billing.country}`,
    }));
  }

  /** Pays a registered order with test card `index`, as an SSL-only merchant's payment (no 3-D Secure). */
  async payWith(request: ActionRequest, orderId: string, index: number): Promise<ActionResult> {
    const tools = this.allow(request.operator);
    const order = await visibleOrder(this.orders, request.operator, orderId);
    const card = TEST_CARDS[index];
    if (card === undefined) throw new ConsoleNotFound(`test card ${index}`);
    const subject = this.subjectOf(order, { card: new Pan(card.pan).masked });
    return this.audited.outcome(request, 'sandboxPay', subject, () =>
      tools.scope.within(order.merchant_id, async () => {
        if (order.p2p_type !== null) throw new AdminError('a transfer is paid on its own page, not here');
        await tools.payment.pay(order, {
          card: { pan: new Pan(card.pan), expiry: TEST_EXPIRY, cvc: TEST_CVC },
          twoPhase: order.two_phase === 1,
          paymentWay: 'CARD',
        });
      }),
    );
  }

  /** Ends an unpaid order's lifetime now: declined by timeout, with its callback. */
  async expireNow(request: ActionRequest, orderId: string): Promise<ActionResult> {
    const tools = this.allow(request.operator);
    const order = await visibleOrder(this.orders, request.operator, orderId);
    return this.audited.outcome(request, 'sandboxExpire', this.subjectOf(order), () =>
      tools.scope.within(order.merchant_id, async () => {
        if (!(await tools.expiry.expireNow(order))) throw new AdminError('the order is not unpaid any more');
      }),
    );
  }

  /** Runs a hold's automatic capture or reversal now, as the job would at its time. */
  async runAutomaticAction(request: ActionRequest, orderId: string): Promise<ActionResult> {
    const tools = this.allow(request.operator);
    const order = await visibleOrder(this.orders, request.operator, orderId);
    return this.audited.outcome(request, 'sandboxAutomaticHold', this.subjectOf(order), () =>
      tools.scope.within(order.merchant_id, async () => {
        if (order.status !== ORDER_STATUS.approved) throw new AdminError('the order is not held');
        if (order.auto_complete_at_ms !== null) await this.lifecycle.deposit(order, 0);
        else if (order.auto_reverse_at_ms !== null) {
          const merchant = await this.directory.byId(order.merchant_id);
          if (merchant === undefined) throw new ConsoleNotFound(order.merchant_id);
          await this.lifecycle.reverse(merchant, order, undefined);
        } else throw new AdminError('the hold has no automatic capture or reversal');
      }),
    );
  }

  /** The operator's merchants with their test clocks, by login. */
  async merchantClocks(operator: Operator): Promise<MerchantClock[]> {
    const { clocks } = this.allow(operator);
    if (clocks === undefined) return [];
    // Another node may have moved a clock since this one last read them.
    await clocks.clocks.refresh();
    const merchants = (await this.directory.all()).filter(({ id }) => seesMerchant(operator, id));
    return merchants
      .map(({ id, login }) => ({ merchantId: id, login, clock: clocks.clocks.read(id) }))
      .sort((a, b) => a.login.localeCompare(b.login));
  }

  /**
   * Moves a merchant's test clock forward by `by` (7d, 36h...) and runs what became due on the
   * way, as the API's advanceClock.do does; audited like every tool.
   */
  async advanceClock(request: ActionRequest, merchantId: string, by: string): Promise<ClockAdvanceResult> {
    const { clocks } = this.allow(request.operator);
    if (clocks === undefined || !seesMerchant(request.operator, merchantId))
      throw new ConsoleNotFound(merchantId);
    const merchant = await this.directory.byId(merchantId);
    if (merchant === undefined) throw new ConsoleNotFound(merchantId);
    const subject = { merchantId, orderId: null, amountMinor: null, currency: null, details: { by } };
    const { result, value } = await this.audited.run(
      request,
      'sandboxAdvanceClock',
      subject,
      async () => {
        const byMs = parseClockDuration(by);
        if (byMs === undefined) throw invalidParam('by', 'reason.clockDuration');
        return clocks.advance.advance(merchantId, { byMs });
      },
      (advanced) => ({
        clockBefore: advanced.fromMs,
        clockAfter: advanced.toMs,
        events: advanced.events.length,
      }),
    );
    return value === undefined ? { result } : { result, advanced: value };
  }

  async rates(operator: Operator): Promise<DccRateRow[]> {
    this.allow(operator);
    return this.rateAdmin.list();
  }

  async setRate(
    request: ActionRequest,
    entry: { from: string; to: string; rate: string; markup?: string },
  ): Promise<ActionResult> {
    this.allow(request.operator);
    // Rates are the same for every merchant: an operator limited to some may not set them.
    if (request.operator.merchantIds !== undefined)
      throw new ConsoleForbidden('sandbox.use', { action: 'sandboxSetRate' });
    const subject = {
      merchantId: null,
      orderId: null,
      amountMinor: null,
      currency: null,
      details: { ...entry },
    };
    return this.audited.outcome(request, 'sandboxSetRate', subject, async () => {
      try {
        await this.rateAdmin.set(entry);
      } catch (error) {
        throw new AdminError((error as Error).message);
      }
    });
  }

  private subjectOf(
    order: { id: string; merchant_id: string; amount_minor: number; currency: string },
    details: Record<string, unknown> = {},
  ) {
    return {
      merchantId: order.merchant_id,
      orderId: order.id,
      amountMinor: order.amount_minor,
      currency: order.currency,
      details,
    };
  }
}
