import type { CardForAuthorization, CardForCredit } from '../../domain/payment-card.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { networkOf } from '../../domain/card-rules.js';
import { Refusal, REFUSALS } from '../../domain/refusals.js';
import type { P2pTransfer } from '../../services/p2p/p2p-transfer.js';
import type { TransferStart } from '../../services/p2p/transfer-start.js';
import {
  blocksOf,
  checkOneDirectionRules,
  feeOf,
  transferTypeOfOrder,
} from '../../services/p2p/transfer-rules.js';
import type { PaymentStep } from '../../services/payment-step.js';
import type { CredentialVault } from '../../services/vault/credential-vault.js';
import { translate } from '../../i18n/translate.js';
import { typedCard, typedPan } from './card-fields.js';
import { formFields } from './form-fields.js';
import { sendPage } from './html.js';
import {
  basePolicy,
  browserOf,
  pageFlow,
  standingOf,
  type Located,
  type PageFlowDeps,
  type PageHandlers,
  type PageKind,
} from './page-flow.js';
import { pageText, PAYMENT_PAGE_STYLE } from './payment-page-view.js';
import { TRANSFER_PAGE_SCRIPT } from './transfer-page-script.js';
import {
  FROM_FIELDS,
  TO_PAN,
  TRANSFER_NOTICES,
  transferFormBody,
  transferState,
  type TransferField,
  type TransferFormState,
  type TransferTerms,
} from './transfer-page-view.js';

export interface TransferPageDeps extends PageFlowDeps {
  readonly vault: CredentialVault;
  readonly transfers: P2pTransfer;
  readonly transferStart: TransferStart;
}

/** formUrl of registerP2P.do: /payment/merchants/<login>/p2p_<lang>.html?mdOrder=<orderId>. */
export const TRANSFER_PAGE: PageKind = {
  name: /^p2p_([a-z]{2})\.html$/,
  visit: 'transfer',
  serves: (order) => order.p2p_type !== null,
  wording: TRANSFER_NOTICES,
  script: TRANSFER_PAGE_SCRIPT,
};

/** The cards a post gave, or the fields to mark. */
type ReadCards =
  | { readonly from?: CardForAuthorization; readonly to?: CardForCredit }
  | { readonly errors: TransferFormState['errors'] };

/** The recipient's stored card named at registration (creditBindingId), if any. */
async function knownRecipient(deps: TransferPageDeps, located: Located): Promise<CardForCredit | undefined> {
  const bindingId = (JSON.parse(located.order.p2p_details ?? '{}') as { creditBindingId?: string })
    .creditBindingId;
  if (bindingId === undefined || bindingId === '') return undefined;
  try {
    const binding = await deps.vault.creditable(located.merchant.id, bindingId, undefined);
    const opened = deps.vault.openCard(binding);
    return { pan: opened.pan, expiry: opened.expiry };
  } catch (error) {
    // A stored card no longer usable: the page asks for the number, as performP2P.do takes one.
    if (error instanceof Refusal) return undefined;
    throw error;
  }
}

async function termsOf(deps: TransferPageDeps, located: Located): Promise<TransferTerms> {
  const amountMinor = located.order.amount_minor;
  const recipient =
    transferTypeOfOrder(located.order) === 'AFT' ? undefined : await knownRecipient(deps, located);
  return {
    type: transferTypeOfOrder(located.order),
    amountMinor,
    feeMinor: feeOf(located.order, located.merchant, amountMinor),
    ...(recipient === undefined ? {} : { knownRecipient: recipient.pan.masked }),
  };
}

async function form(
  deps: TransferPageDeps,
  reply: FastifyReply,
  located: Located,
  state: TransferFormState,
  status = 200,
) {
  const view = transferFormBody(
    located.order,
    located.merchant.login,
    located.language,
    located.action,
    await termsOf(deps, located),
    state,
    deps.clock.nowMs(),
  );
  await sendPage(
    reply,
    {
      lang: located.language,
      title: pageText(located.language)('page.transfer.title'),
      body: view.body,
      style: PAYMENT_PAGE_STYLE,
      script: TRANSFER_PAGE_SCRIPT,
      data: view.data,
    },
    basePolicy(located.order),
    status,
  );
}

async function readCards(
  deps: TransferPageDeps,
  located: Located,
  fields: Record<string, string>,
): Promise<ReadCards> {
  const type = transferTypeOfOrder(located.order);
  const errors: Partial<Record<TransferField, true>> = {};
  let from: CardForAuthorization | undefined;
  if (type !== 'OCT') {
    const typed = typedCard(fields, deps.clock.nowMs(), FROM_FIELDS);
    for (const part of typed.wrong) errors[FROM_FIELDS[part]] = true;
    if (typed.pan !== undefined && typed.expiry !== undefined && typed.cvc !== undefined) {
      from = {
        pan: typed.pan,
        expiry: typed.expiry,
        cvc: typed.cvc,
        ...(typed.cardholderName === undefined ? {} : { cardholderName: typed.cardholderName }),
      };
    }
  }
  let to: CardForCredit | undefined;
  if (type !== 'AFT') {
    to = await knownRecipient(deps, located);
    if (to === undefined) {
      const pan = typedPan(fields[TO_PAN]);
      if (pan === undefined) errors[TO_PAN] = true;
      else to = { pan };
    }
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
}

/** Starts the transfer of the confirmed form: OCTs credit at once, the rest debit first. */
async function transfer(
  deps: TransferPageDeps,
  request: FastifyRequest,
  located: Located,
  cards: { readonly from?: CardForAuthorization; readonly to?: CardForCredit },
  fields: Record<string, string>,
): Promise<PaymentStep> {
  const { order, merchant } = located;
  const type = transferTypeOfOrder(order);
  const amountMinor = order.amount_minor;
  const feeMinor = feeOf(order, merchant, amountMinor);
  const blocks = blocksOf(order);
  if (type === 'OCT') {
    if (cards.to === undefined) throw new Error(`transfer page: OCT ${order.id} without a recipient`);
    checkOneDirectionRules(type, networkOf(cards.to.pan.reveal()), blocks);
    return {
      kind: 'decided',
      order: await deps.transfers.perform(order, {
        to: cards.to,
        amountMinor,
        feeMinor,
        requestId: request.id,
      }),
    };
  }
  if (cards.from === undefined) throw new Error(`transfer page: ${order.id} without a debited card`);
  if (type === 'AFT') checkOneDirectionRules(type, networkOf(cards.from.pan.reveal()), blocks);
  return deps.transferStart.start(
    order,
    {
      from: cards.from,
      ...(cards.to === undefined ? {} : { to: cards.to }),
      amountMinor,
      feeMinor,
      sslOnly: merchant.permissions.has('sslOnly'),
      merchantName: merchant.login,
      requestId: request.id,
    },
    browserOf(request, fields, located.language),
  );
}

type Flow = ReturnType<typeof pageFlow>;

/** A post of the page: the step after the 3DS Method, or the confirmed form's cards. */
async function post(
  deps: TransferPageDeps,
  flow: Flow,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const located = await flow.locate(request);
  if ('notice' in located) return flow.notice(reply, located.notice, located.language);
  const fields = formFields(request);
  const { order, language } = located;
  if (fields.step === 'continue') {
    return flow.proceedAfterMethod(reply, located, fields, () => form(deps, reply, located, { errors: {} }));
  }
  const standing = standingOf(order, deps.clock.nowMs());
  if (standing !== 'form') return flow.notice(reply, standing, language, order);
  const cards = await readCards(deps, located, fields);
  if ('errors' in cards) return form(deps, reply, located, transferState(fields, cards.errors), 422);
  try {
    return await flow.follow(reply, located, await transfer(deps, request, located, cards, fields));
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    if (error.key === 'ORDER_NOT_PAYABLE') return flow.afterLostClaim(reply, located);
    // What the registration lacks for this card (an AFT's payer data, say): said, not hidden.
    const alert = translate(language, { key: REFUSALS[error.key].message, vars: error.vars });
    return form(deps, reply, located, transferState(fields, {}, alert), 422);
  }
}

/**
 * The gateway's transfer page (p2p-api.md scenario A): shows the amount, the fee and the total
 * before the customer confirms, takes the debited card (not for an OCT) and the recipient's card
 * (not for an AFT, nor when registered with creditBindingId), runs 3-D Secure on the debited card,
 * transfers through the same services as performP2P.do, and sends the customer to returnUrl or
 * failUrl. The registered amount is transferred: the page has no amount field.
 */
export function transferPage(deps: TransferPageDeps): PageHandlers {
  const flow = pageFlow(deps, TRANSFER_PAGE);
  return {
    get: flow.show((reply, located) => form(deps, reply, located, { errors: {} })),
    post: (request, reply) => post(deps, flow, request, reply),
  };
}
