import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Pan } from '../../domain/pan.js';
import { typedCard, typedPan } from './card-fields.js';
import { Refusal } from '../../domain/refusals.js';
import type { PaymentTerms } from '../../services/payment-step.js';
import type { CardPayment } from '../../services/card-payment.js';
import type { CredentialVault } from '../../services/vault/credential-vault.js';
import type { BindingRecord } from '../../domain/binding-record.js';
import type { CardForAuthorization } from '../../domain/payment-card.js';
import { sendPage } from './html.js';
import { formFields } from './form-fields.js';
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
import { PAYMENT_PAGE_SCRIPT } from './payment-page-script.js';
import {
  cardFormBody,
  pageText,
  PAYMENT_NOTICES,
  PAYMENT_PAGE_STYLE,
  type CredentialChoice,
  formatAmount,
  type FormState,
  type PageOffer,
} from './payment-page-view.js';
import { currencyByNumeric } from '../../domain/currencies.js';
import type { DccOffers } from '../../services/dcc/dcc-offers.js';
import type { DccCalculationRecord } from '../../domain/dcc/dcc-calculation-record.js';

export interface PaymentPageDeps extends PageFlowDeps {
  readonly vault: CredentialVault;
  readonly payment: CardPayment;
  readonly dcc: DccOffers;
}

/** Refusals that mean "no DCC offer for this card" on the page, not an error for the customer. */
const DCC_UNOFFERED: ReadonlySet<string> = new Set(['DCC_CARD_NOT_ELIGIBLE', 'DCC_RATE_UNAVAILABLE']);

/** formUrl: /payment/merchants/<login>/payment_<lang>.html?mdOrder=<orderId>. */
export const PAYMENT_PAGE: PageKind = {
  name: /^payment_([a-z]{2})\.html$/,
  visit: 'payment',
  // A transfer order has its own page: never paid here as a purchase.
  serves: (order) => order.p2p_type === null,
  wording: PAYMENT_NOTICES,
  script: PAYMENT_PAGE_SCRIPT,
};
const PAYMENT_FIELDS = { pan: 'pan', expiry: 'expiry', cvc: 'cvc', cardholderName: 'cardholderName' };

type CardChoice =
  { card: CardForAuthorization; terms: Omit<PaymentTerms, 'twoPhase'> } | { state: FormState };

async function showForm(
  deps: PaymentPageDeps,
  reply: FastifyReply,
  located: Located,
  state: FormState,
  status = 200,
): Promise<void> {
  const view = cardFormBody(
    located.order,
    located.merchant.login,
    located.language,
    located.action,
    state,
    deps.clock.nowMs(),
    await credentialsFor(deps, located),
    located.merchant.permissions.has('dcc'),
  );
  await sendPage(
    reply,
    {
      lang: located.language,
      title: pageText(located.language)('page.title'),
      body: view.body,
      style: PAYMENT_PAGE_STYLE,
      script: PAYMENT_PAGE_SCRIPT,
      data: view.data,
    },
    basePolicy(located.order),
    status,
  );
}

/** The client's saved cards, and whether a new card may be remembered (orders with a clientId). */
async function credentialsFor(deps: PaymentPageDeps, located: Located): Promise<CredentialChoice> {
  const clientId = located.order.client_id;
  if (clientId === null || clientId === '' || !located.merchant.permissions.has('storedCredentials')) {
    return { savedCards: [], offerRemember: false };
  }
  const bindings = await deps.vault.list(located.merchant.id, { clientId, showExpired: false });
  return {
    savedCards: bindings.map((binding) => ({
      bindingId: binding.id,
      maskedPan: binding.masked_pan,
      expiry: binding.expiry,
    })),
    offerRemember: true,
  };
}

/** A saved card of the order's client: only its CVC is asked. */
async function savedCardChoice(
  deps: PaymentPageDeps,
  located: Located,
  credentials: CredentialChoice,
  savedCard: string,
  cvc: string,
): Promise<CardChoice> {
  const errors: FormState['errors'] & Record<string, true> = {};
  if (!/^\d{3}$/.test(cvc)) errors.cvc = true;
  let binding: BindingRecord | undefined;
  try {
    if (credentials.savedCards.some((card) => card.bindingId === savedCard)) {
      binding = await deps.vault.usable(located.merchant.id, savedCard, located.order.client_id ?? undefined);
    }
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
  }
  if (binding === undefined) errors.savedCard = true;
  if (binding === undefined || Object.keys(errors).length > 0) return { state: { errors, savedCard } };
  const opened = deps.vault.openCard(binding);
  return {
    card: { pan: opened.pan, expiry: opened.expiry, cvc },
    terms: { paymentWay: 'CARD_BINDING', tii: 'F', bindingId: binding.id },
  };
}

/** A new card, checked field by field; remembered when the customer asks and the order allows. */
function newCardChoice(
  deps: PaymentPageDeps,
  located: Located,
  credentials: CredentialChoice,
  fields: Record<string, string>,
): CardChoice {
  const savedCard = fields.savedCard ?? '';
  const cvc = (fields.cvc ?? '').trim();
  const read = typedCard(fields, deps.clock.nowMs(), PAYMENT_FIELDS);
  const remember = credentials.offerRemember && fields.remember === 'true';
  if (
    read.wrong.size > 0 ||
    read.pan === undefined ||
    read.expiry === undefined ||
    read.cardholderName === undefined
  ) {
    const errors = Object.fromEntries([...read.wrong].map((name) => [name, true as const]));
    return {
      state: {
        errors,
        expiry: fields.expiry ?? '',
        cardholderName: fields.cardholderName ?? '',
        savedCard,
        remember,
      },
    };
  }
  const clientId = located.order.client_id ?? '';
  return {
    card: { pan: read.pan, expiry: read.expiry, cvc, cardholderName: read.cardholderName },
    terms: {
      paymentWay: 'CARD',
      // The customer asked to remember the card: the initial customer-initiated stored credential.
      ...(remember
        ? { tii: 'CI', storeCredential: { clientId, category: 'COMMON', email: located.order.email } }
        : {}),
    },
  };
}

/** The card the form chose: a saved one or a new one. */
async function chooseCard(
  deps: PaymentPageDeps,
  located: Located,
  fields: Record<string, string>,
): Promise<CardChoice> {
  const savedCard = fields.savedCard ?? '';
  const cvc = (fields.cvc ?? '').trim();
  const credentials = await credentialsFor(deps, located);
  if (savedCard !== '') return savedCardChoice(deps, located, credentials, savedCard, cvc);
  return newCardChoice(deps, located, credentials, fields);
}

/**
 * The DCC offer for the card the form holds (a new card or a saved one), when the merchant
 * offers DCC and the card qualifies; undefined otherwise (a euro card, no rate: the customer
 * simply pays in the order's currency). A live offer for the same order and card is reused.
 */
async function offerFor(
  deps: PaymentPageDeps,
  located: Located,
  card: Pan,
): Promise<DccCalculationRecord | undefined> {
  if (!located.merchant.permissions.has('dcc')) return undefined;
  try {
    return await deps.dcc.calculate(
      {
        merchantId: located.merchant.id,
        card,
        amountMinor: located.order.amount_minor,
        currency: located.order.currency,
        orderId: located.order.id,
      },
      deps.clock.nowMs(),
    );
  } catch (error) {
    if (error instanceof Refusal && DCC_UNOFFERED.has(error.key)) return undefined;
    throw error;
  }
}

function pageOffer(located: Located, row: DccCalculationRecord): PageOffer {
  const t = pageText(located.language);
  const original = currencyByNumeric(row.original_currency);
  const card = currencyByNumeric(row.dcc_currency);
  return {
    dccUuid: row.id,
    original: t('page.dcc.original', { amount: formatAmount(located.order, located.language) }),
    converted: t('page.dcc.converted', {
      amount: formatAmount(
        { amount_minor: row.dcc_amount_minor, currency: row.dcc_currency },
        located.language,
      ),
    }),
    rate: t('page.dcc.rate', {
      from: original?.alpha ?? row.original_currency,
      to: card?.alpha ?? row.dcc_currency,
      rate: row.rate,
      markup: row.fee_percent,
      directRate: row.direct_rate,
    }),
  };
}

/** The card of the posted fields, for an offer: a saved card of the order's client, or a valid number. */
async function offerCard(
  deps: PaymentPageDeps,
  located: Located,
  fields: Record<string, string>,
): Promise<Pan | undefined> {
  const savedCard = fields.savedCard ?? '';
  if (savedCard !== '') {
    const credentials = await credentialsFor(deps, located);
    if (!credentials.savedCards.some((card) => card.bindingId === savedCard)) return undefined;
    try {
      const binding = await deps.vault.usable(
        located.merchant.id,
        savedCard,
        located.order.client_id ?? undefined,
      );
      return deps.vault.openCard(binding).pan;
    } catch (error) {
      if (error instanceof Refusal) return undefined;
      throw error;
    }
  }
  return typedPan(fields.pan);
}

type Flow = ReturnType<typeof pageFlow>;

/** The page's script asks as the card is typed: an offer, or none, as JSON for the page itself. */
async function dccOfferAnswer(
  deps: PaymentPageDeps,
  reply: FastifyReply,
  located: Located,
  fields: Record<string, string>,
  payable: boolean,
): Promise<void> {
  const card = payable ? await offerCard(deps, located, fields) : undefined;
  const row = card === undefined ? undefined : await offerFor(deps, located, card);
  await reply
    .header('cache-control', 'no-store')
    .type('application/json')
    .send({ offer: row === undefined ? null : pageOffer(located, row) });
}

/**
 * The customer's answer to the DCC offer for the card: the order to pay (converted when they
 * chose the card's currency), or 'answered' when the page answered instead: the offer shown to
 * be chosen knowingly (nothing is chosen for them), or the order taken meanwhile.
 */
async function dccChosen(
  deps: PaymentPageDeps,
  flow: Flow,
  reply: FastifyReply,
  located: Located,
  fields: Record<string, string>,
  card: CardForAuthorization,
): Promise<Located['order'] | 'answered'> {
  const { order, merchant, language } = located;
  const offer = await offerFor(deps, located, card.pan);
  if (offer === undefined) return order;
  const choice = fields.dccChoice;
  if (fields.dccUuid !== offer.id || (choice !== 'original' && choice !== 'dcc')) {
    const state: FormState = {
      errors: fields.dccUuid === offer.id ? { dccChoice: true } : {},
      offer: pageOffer(located, offer),
      savedCard: fields.savedCard ?? '',
      pan: fields.savedCard ? '' : (fields.pan ?? ''),
      expiry: fields.expiry ?? '',
      cardholderName: fields.cardholderName ?? '',
    };
    await showForm(deps, reply, located, state, 422);
    return 'answered';
  }
  if (choice === 'original') return order;
  const subject = {
    merchantId: merchant.id,
    card: card.pan,
    amountMinor: order.amount_minor,
    currency: order.currency,
    orderId: order.id,
  };
  try {
    const conversion = await deps.dcc.accept(
      { dccUuid: offer.id, dccCurrencyCode: offer.dcc_currency, subject },
      deps.clock.nowMs(),
    );
    return await deps.dcc.convertOrder(order, conversion, deps.clock.nowMs());
  } catch (error) {
    if (error instanceof Refusal && error.key === 'ORDER_NOT_PAYABLE') {
      await flow.notice(reply, 'inProgress', language, order);
      return 'answered';
    }
    throw error;
  }
}

/** Pays (without 3-D Secure for an sslOnly merchant) and takes the customer to the next step. */
async function pay(
  deps: PaymentPageDeps,
  flow: Flow,
  request: FastifyRequest,
  reply: FastifyReply,
  located: Located,
  paying: Located['order'],
  chosen: Exclude<CardChoice, { state: FormState }>,
): Promise<void> {
  const { order, merchant, language } = located;
  const { card } = chosen;
  const terms = { twoPhase: order.two_phase === 1, ...chosen.terms };
  const browser = browserOf(request, formFields(request), language);
  try {
    if (merchant.permissions.has('sslOnly')) {
      return await flow.follow(reply, located, {
        kind: 'decided',
        order: await deps.payment.pay(paying, { card, ...terms, requestId: request.id }),
      });
    }
    return await flow.follow(
      reply,
      located,
      await deps.payments.start(
        paying,
        { card, terms, merchantName: merchant.login, requestId: request.id },
        browser,
      ),
    );
  } catch (error) {
    if (error instanceof Refusal && error.key === 'ORDER_NOT_PAYABLE')
      return flow.afterLostClaim(reply, located);
    throw error;
  }
}

/** A post of the page: the step after the 3DS Method, an offer asked for, or the card to pay with. */
async function post(deps: PaymentPageDeps, flow: Flow, request: FastifyRequest, reply: FastifyReply) {
  const located = await flow.locate(request);
  if ('notice' in located) return flow.notice(reply, located.notice, located.language);
  const fields = formFields(request);
  if (fields.step === 'continue') {
    return flow.proceedAfterMethod(reply, located, fields, () =>
      showForm(deps, reply, located, { errors: {} }),
    );
  }
  const standing = standingOf(located.order, deps.clock.nowMs());
  if (fields.step === 'dccOffer') return dccOfferAnswer(deps, reply, located, fields, standing === 'form');
  if (standing !== 'form') return flow.notice(reply, standing, located.language, located.order);
  const chosen = await chooseCard(deps, located, fields);
  if ('state' in chosen) return showForm(deps, reply, located, chosen.state, 422);
  const paying = await dccChosen(deps, flow, reply, located, fields, chosen.card);
  if (paying === 'answered') return;
  return pay(deps, flow, request, reply, located, paying, chosen);
}

/**
 * The hosted payment page at formUrl: shows the order, takes the card, pays it through the same
 * services as instantPayment.do (3-D Secure included), and sends the customer back to the shop.
 */
export function paymentPage(deps: PaymentPageDeps): PageHandlers {
  const flow = pageFlow(deps, PAYMENT_PAGE);
  return {
    get: flow.show((reply, located) => showForm(deps, reply, located, { errors: {} })),
    post: (request, reply) => post(deps, flow, request, reply),
  };
}
