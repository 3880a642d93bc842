import { Refusal } from '../../domain/refusals.js';
import type { CreditRepository } from '../../store/credit-repository.js';
import type { OperationRepository } from '../../store/operation-repository.js';
import type { PaymentClaim } from '../../store/order-columns.js';
import type { OrderRepository } from '../../store/order-repository.js';
import type { Executor } from '../../store-engine/index.js';
import type { OrderRow, PendingCreditCardRow, StepRow } from '../../store/schema.js';
import { refuseReusedNumber } from '../order-registration.js';
import type { IntentWrite, IntentWrites } from './intent-writes.js';

/**
 * The intent of a step that pays an order (an authorization, a transfer's debit or its lone
 * credit, an instant credit): the order claimed by the step, the pending step, and what it spends.
 */
export interface ClaimIntent {
  readonly step: StepRow;
  /** The order: a complete unpaid row to insert already claimed, or a registered one to claim. */
  readonly order: OrderRow;
  readonly register: boolean;
  readonly claim: PaymentClaim;
  /** A transfer's amounts and recipient, set in the claim's unit. */
  readonly transfer?: TransferColumns;
  /** A card money is sent to, kept sealed until its credit is decided. */
  readonly creditCard?: PendingCreditCardRow;
  readonly spends: readonly IntentWrite[];
}

export interface TransferColumns {
  readonly amountMinor: number;
  readonly feeMinor: number;
  readonly toMaskedPan: string | null;
  readonly toNetwork: string | null;
  readonly parties: string | null;
}

export interface ClaimStores {
  readonly orders: OrderRepository;
  readonly operations: OperationRepository;
  readonly credits: CreditRepository;
  readonly spends: IntentWrites;
}

/** Writes a claim's intent in the caller's unit; a Refusal when the order cannot be paid. */
export async function startClaim(db: Executor, stores: ClaimStores, intent: ClaimIntent): Promise<void> {
  const { order, claim, step } = intent;
  if (intent.register) {
    // Only the order's own unique index means a reused order number.
    await refuseReusedNumber(() => stores.orders.insertClaimedIn(db, order, claim));
  } else if (!(await stores.orders.claimForPayment(db, claim))) throw new Refusal('ORDER_NOT_PAYABLE');
  if (intent.transfer !== undefined) await stores.orders.setTransfer(db, order.id, step.id, intent.transfer);
  await stores.operations.insertOperation(db, step);
  await stores.spends.apply(db, intent.spends, order, step.created_at_ms);
  if (intent.creditCard !== undefined) await stores.credits.keepCard(db, intent.creditCard);
}
