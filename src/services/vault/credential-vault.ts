import {
  formatExpiry,
  parseExpiry,
  PAYMENT_SYSTEM_BY_NETWORK,
  networkOf,
  type CardExpiry,
} from '../../domain/card-rules.js';
import type { Clock } from '../../domain/clock.js';
import { Pan } from '../../domain/pan.js';
import type { RandomSource } from '../../domain/random-source.js';
import { invalidParam, Refusal } from '../../domain/refusals.js';
import type { BindingCategory, CredentialReferences } from '../../domain/stored-credentials.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { Binding, BindingFilter, BindingRepository } from '../../store/binding-repository.js';
import type { Executor } from '../../store-engine/index.js';
import { causedBy, type PaymentEvent } from '../callbacks/payment-event.js';

/** What storing a card after an approved payment (or without one) needs to know. */
export interface CredentialToStore {
  readonly merchantId: string;
  readonly clientId: string;
  readonly category: BindingCategory;
  readonly pan: Pan;
  readonly expiry: CardExpiry;
  /** The order whose payment stored the card; null for a card stored without paying. */
  readonly order: { readonly id: string; readonly order_number: string } | null;
  readonly netRefNum: string | null;
  readonly paymentDateMs: number | null;
  readonly email?: string | null;
  readonly phone?: string | null;
  /** X-Request-Id of the call that stored the card, for its bindingCreated callback. */
  readonly requestId?: string;
}

/**
 * A binding's origin when no payment stored it (createBindingNoPayment.do): the columns hold no
 * order, and its callbacks carry no mdOrder or orderNumber (see callback-outbox.ts).
 */
const NO_ORIGIN_ORDER = { id: '', order_number: '' } as const;

/** Writes a binding event to the outbox in the caller's unit. */
export type BindingEventSink = (db: Executor, event: PaymentEvent, nowMs: number) => Promise<void>;

/** YYYYMM of the current month in UTC: bindings whose expiry is earlier have expired. */
export function currentMonth(nowMs: number): string {
  const date = new Date(nowMs);
  return `${date.getUTCFullYear()}${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * The card vault: PANs exist only sealed (AES-256-GCM under the master key, bound to the binding
 * id) and as a keyed hash that finds a card without decrypting anything. A PAN is opened only to
 * pay with it, in memory, for the acquirer call.
 */
export class CredentialVault {
  constructor(
    private readonly bindings: BindingRepository,
    private readonly box: SecretBox,
    private readonly random: RandomSource,
    private readonly clock: Clock,
    private readonly emit: BindingEventSink,
  ) {}

  /**
   * Stores the card for the client inside the payment's outcome unit: one binding per card per
   * client, so a second save refreshes the first (expiry, activity) instead of adding another.
   */
  async store(db: Executor, input: CredentialToStore): Promise<{ bindingId: string; created: boolean }> {
    const nowMs = this.clock.nowMs();
    const digits = input.pan.reveal();
    const existing = await this.bindings.findByCard(
      db,
      input.merchantId,
      input.clientId,
      this.box.hashes(digits),
    );
    if (existing !== undefined) {
      const expiry = formatExpiry(input.expiry);
      const panHash = this.box.hash(digits);
      const current =
        existing.active === 1 &&
        existing.expiry === expiry &&
        this.box.isCurrent(existing.pan_sealed) &&
        existing.pan_hash === panHash;
      // Nothing to refresh: the unit writes nothing, so running it twice is harmless (group-commit.ts).
      if (current) return { bindingId: existing.id, created: false };
      await this.bindings.update(db, existing.id, {
        expiry,
        active: 1,
        pan_sealed: this.box.seal(digits, existing.id),
        pan_hash: panHash,
        updated_at_ms: nowMs,
      });
      // Saving a card the client had switched off switches it on again: the merchant hears of it.
      if (existing.active !== 1) await this.emitActivity(db, existing, true, nowMs, input.requestId);
      return { bindingId: existing.id, created: false };
    }
    const id = this.random.uuid();
    const origin = input.order ?? NO_ORIGIN_ORDER;
    const paymentSystem = PAYMENT_SYSTEM_BY_NETWORK[networkOf(digits)];
    // Two payments storing the same card at once (PostgreSQL commits them concurrently): the
    // second meets the first's row in the unique index and refreshes it instead of failing.
    const storedId = await this.bindings.insertOrRefresh(db, {
      id,
      merchant_id: input.merchantId,
      client_id: input.clientId,
      pan_sealed: this.box.seal(digits, id),
      pan_hash: this.box.hash(digits),
      masked_pan: input.pan.masked,
      expiry: formatExpiry(input.expiry),
      payment_system: paymentSystem,
      category: input.category,
      active: 1,
      origin_order_id: origin.id,
      origin_order_number: origin.order_number,
      original_net_ref_num: input.netRefNum,
      // The network's own transaction id is not simulated apart: the network reference stands for it.
      original_scheme_transaction_id: input.netRefNum,
      original_payment_date_ms: input.paymentDateMs,
      created_at_ms: nowMs,
      updated_at_ms: nowMs,
    });
    if (storedId !== id) return { bindingId: storedId, created: false };
    await this.emit(
      db,
      causedBy(
        {
          merchantId: input.merchantId,
          orderId: origin.id,
          orderNumber: origin.order_number,
          operation: 'bindingCreated',
          success: true,
          dynamicCallbackUrl: null,
          extra: {
            bindingId: id,
            panMasked: input.pan.masked,
            ...(input.email === undefined || input.email === null ? {} : { email: input.email }),
            ...(input.phone === undefined || input.phone === null ? {} : { phone: input.phone }),
          },
        },
        input.requestId,
      ),
      nowMs,
    );
    return { bindingId: id, created: true };
  }

  /**
   * Whether the binding is this merchant's, stored for this client (in any state: whether it is
   * active and unexpired is decided when it pays). Another merchant's binding, or another
   * client's, is simply not one.
   */
  async belongsTo(merchantId: string, bindingId: string, clientId: string | undefined): Promise<boolean> {
    const binding = await this.bindings.find(merchantId, bindingId);
    return binding !== undefined && binding.client_id === clientId;
  }

  /** A binding this merchant may pay with for this client: active, not expired. */
  async usable(merchantId: string, bindingId: string, clientId: string | undefined): Promise<Binding> {
    const binding = await this.bindings.find(merchantId, bindingId);
    // Another client's binding is "not found": its existence is none of this customer's business.
    if (binding === undefined || binding.client_id !== clientId) throw new Refusal('BINDING_NOT_FOUND');
    return this.checkLive(binding);
  }

  /**
   * A binding this merchant may send money to (instantRefund.do): any of its clients' when no
   * `clientId` is named, else only that client's; active, not expired. Another merchant's is "not found".
   */
  async creditable(merchantId: string, bindingId: string, clientId: string | undefined): Promise<Binding> {
    const binding = await this.bindings.find(merchantId, bindingId);
    if (binding === undefined || (clientId !== undefined && binding.client_id !== clientId)) {
      throw new Refusal('BINDING_NOT_FOUND');
    }
    return this.checkLive(binding);
  }

  private checkLive(binding: Binding): Binding {
    if (binding.active !== 1) throw new Refusal('BINDING_NOT_ACTIVE');
    if (binding.expiry < currentMonth(this.clock.nowMs())) throw new Refusal('BINDING_EXPIRED');
    return binding;
  }

  /**
   * What a payment cites of an earlier one with this credential ("the original or previous
   * successful transaction"): the storing payment or any approved payment made with the binding.
   */
  async checkCitation(binding: Binding, given: CredentialReferences): Promise<void> {
    const {
      originalPaymentNetRefNum: ref,
      originalPaymentDateMs: dateMs,
      originalSchemeTransactionId: schemeId,
    } = given;
    if (ref === undefined && dateMs === undefined && schemeId === undefined) return;
    const payments = [
      ...(binding.original_net_ref_num === null
        ? []
        : [{ netRefNum: binding.original_net_ref_num, atMs: binding.original_payment_date_ms }]),
      ...(await this.bindings.approvedPayments(binding.merchant_id, binding.id)),
    ];
    const cited = ref === undefined ? payments : payments.filter((payment) => payment.netRefNum === ref);
    if (cited.length === 0) throw invalidParam('originalPaymentNetRefNum', 'reason.originalPayment');
    if (dateMs !== undefined && !cited.some((payment) => payment.atMs === dateMs)) {
      throw invalidParam('originalPaymentDate', 'reason.originalPayment');
    }
    // The sandbox network's transaction id is the payment's network reference.
    if (schemeId !== undefined && !payments.some((payment) => payment.netRefNum === schemeId)) {
      throw invalidParam('originalSchemeTransactionId', 'reason.originalPayment');
    }
  }

  /** The card of a binding, for one payment: the PAN exists in clear only in this object. */
  openCard(binding: Binding): { pan: Pan; expiry: CardExpiry } {
    const expiry = parseExpiry(binding.expiry);
    if (expiry === undefined) throw new Error(`binding ${binding.id} has a malformed expiry`);
    return { pan: new Pan(this.box.open(binding.pan_sealed, binding.id)), expiry };
  }

  hasExpired(binding: Binding): boolean {
    return binding.expiry < currentMonth(this.clock.nowMs());
  }

  find(merchantId: string, bindingId: string): Promise<Binding | undefined> {
    return this.bindings.find(merchantId, bindingId);
  }

  list(merchantId: string, filter: Omit<BindingFilter, 'currentMonth'>): Promise<Binding[]> {
    return this.bindings.list(merchantId, { ...filter, currentMonth: currentMonth(this.clock.nowMs()) });
  }

  /** Every binding of a card at this merchant, found by its keyed hashes. */
  async byCard(merchantId: string, pan: string, showExpired: boolean): Promise<Binding[]> {
    const month = currentMonth(this.clock.nowMs());
    const found = await this.bindings.findAllByCard(merchantId, this.box.hashes(pan));
    return found.filter((binding) => showExpired || binding.expiry >= month);
  }

  /** unBindCard.do / bindCard.do: the change and its bindingActivityChanged callback in one unit. */
  async setActive(
    db: Executor,
    merchantId: string,
    bindingId: string,
    active: boolean,
    requestId?: string,
  ): Promise<void> {
    const binding = await this.bindings.find(merchantId, bindingId, db);
    if (binding === undefined) throw new Refusal('BINDING_NOT_FOUND');
    const nowMs = this.clock.nowMs();
    if (!(await this.bindings.setActive(db, merchantId, bindingId, active, nowMs))) {
      throw new Refusal(active ? 'BINDING_ACTIVE' : 'BINDING_NOT_ACTIVE');
    }
    await this.emitActivity(db, binding, active, nowMs, requestId);
  }

  private async emitActivity(
    db: Executor,
    binding: Binding,
    active: boolean,
    nowMs: number,
    requestId: string | undefined,
  ): Promise<void> {
    await this.emit(
      db,
      causedBy(
        {
          merchantId: binding.merchant_id,
          orderId: binding.origin_order_id,
          orderNumber: binding.origin_order_number,
          operation: 'bindingActivityChanged',
          success: true,
          dynamicCallbackUrl: null,
          extra: { bindingId: binding.id, enabled: String(active) },
        },
        requestId,
      ),
      nowMs,
    );
  }

  /** extendBinding.do: the card's new expiry, YYYYMM, not in the past. */
  async extend(db: Executor, merchantId: string, bindingId: string, newExpiry: CardExpiry): Promise<void> {
    const binding = await this.bindings.find(merchantId, bindingId, db);
    if (binding === undefined) throw new Refusal('BINDING_NOT_FOUND');
    const expiry = formatExpiry(newExpiry);
    // Already so: nothing is written, and the unit run again changes nothing (group-commit.ts).
    if (binding.expiry === expiry) return;
    await this.bindings.update(db, bindingId, {
      expiry,
      updated_at_ms: this.clock.nowMs(),
    });
  }
}
