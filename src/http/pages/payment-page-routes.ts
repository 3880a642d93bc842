import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { expiryInPast, luhnValid, parseExpiry, type CardExpiry } from '../../domain/card-rules.js';
import type { Clock } from '../../domain/clock.js';
import { ACTION_CODE } from '../../domain/action-codes.js';
import { isLanguage, type Language } from '../../i18n/languages.js';
import { ORDER_STATUS } from '../../domain/order-status.js';
import { Pan } from '../../domain/pan.js';
import { Refusal } from '../../domain/refusals.js';
import type { BrowserData, ThreeDsServer } from '../../processing/threeds/three-ds-server.js';
import type { AuthenticatedPayment } from '../../services/authenticated-payment.js';
import type { PaymentStep, PaymentTerms } from '../../services/payment-step.js';
import type { CardPayment } from '../../services/card-payment.js';
import type { CredentialVault } from '../../services/vault/credential-vault.js';
import type { Binding } from '../../store/binding-repository.js';
import type { CardForAuthorization } from '../../processing/acquirer/acquirer-port.js';
import type { MerchantContext } from '../../services/merchant-context.js';
import type { MerchantDirectory } from '../../services/merchant-directory.js';
import type { OrderQuery } from '../../services/order-query.js';
import type { OrderRow } from '../../store/schema.js';
import { formFields } from './form-fields.js';
import { hasControlCharacter } from '../../api/params/input-screen.js';
import { autoPostBody, originOf, sendPage, type PagePolicy } from './html.js';
import { PAYMENT_PAGE_SCRIPT } from './payment-page-script.js';
import {
  cardFormBody,
  methodBody,
  noticeBody,
  pageText,
  PAYMENT_PAGE_STYLE,
  type CredentialChoice,
  formatAmount,
  type FormState,
  type OrderNotice,
  type PageOffer,
} from './payment-page-view.js';
import { currencyByNumeric } from '../../domain/currencies.js';
import type { DccOffers } from '../../services/dcc/dcc-offers.js';
import type { DccCalculationRow } from '../../store/schema.js';
import { customerDestination } from './threeds-routes.js';

export interface PaymentPageDeps {
  readonly directory: MerchantDirectory;
  readonly vault: CredentialVault;
  readonly query: OrderQuery;
  readonly payment: CardPayment;
  readonly payments: AuthenticatedPayment;
  readonly server: ThreeDsServer;
  readonly clock: Clock;
  readonly dcc: DccOffers;
}

/** Refusals that mean "no DCC offer for this card" on the page, not an error for the customer. */
const DCC_UNOFFERED: ReadonlySet<string> = new Set(['DCC_CARD_NOT_ELIGIBLE', 'DCC_RATE_UNAVAILABLE']);

/** formUrl: /payment/merchants/<login>/payment_<lang>.html?mdOrder=<orderId>. */
const PAGE_ROUTE = '/payment/merchants/:login/:page';
const PAGE_NAME = /^payment_([a-z]{2})\.html$/;
const HOLDER = /^[A-Za-z .'-]{2,45}$/;

interface Located {
  readonly merchant: MerchantContext;
  readonly order: OrderRow;
  readonly language: Language;
  readonly action: string;
}

/** What the page shows for an order: the form, or a notice. */
function standingOf(order: OrderRow, nowMs: number): 'form' | OrderNotice {
  switch (order.status) {
    case ORDER_STATUS.registered:
      if (order.payment_attempt_id !== null) return 'inProgress';
      return order.expires_at_ms > nowMs ? 'form' : 'expired';
    case ORDER_STATUS.acsStarted:
      return 'inProgress';
    case ORDER_STATUS.declined:
      return order.action_code === ACTION_CODE.paymentExpired ? 'expired' : 'declined';
    default:
      return 'paid';
  }
}

function basePolicy(order: OrderRow): PagePolicy {
  const merchantOrigins = [order.return_url, order.fail_url]
    .filter((url): url is string => url !== null)
    .map(originOf);
  return { formAction: merchantOrigins, frameAncestors: 'none' };
}

function browserOf(request: FastifyRequest, fields: Record<string, string>, language: Language): BrowserData {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' && value.length > 0 ? value.slice(0, 2048) : undefined;
  };
  const digits = (value: string | undefined) =>
    value !== undefined && /^\d{1,6}$/.test(value) ? value : undefined;
  const colorDepth =
    fields.colorDepth !== undefined && /^\d{1,2}$/.test(fields.colorDepth) ? fields.colorDepth : undefined;
  const timeZone =
    fields.timeZoneOffset !== undefined && /^-?\d{1,4}$/.test(fields.timeZoneOffset)
      ? fields.timeZoneOffset
      : undefined;
  const screenWidth = digits(fields.screenWidth);
  const screenHeight = digits(fields.screenHeight);
  return {
    acceptHeader: header('accept') ?? 'text/html',
    ip: request.ip,
    javascriptEnabled: fields.javascriptEnabled === 'true',
    javaEnabled: false,
    language: (header('accept-language') ?? language).split(',')[0]?.slice(0, 8) ?? language,
    ...(colorDepth === undefined ? {} : { colorDepth }),
    ...(screenHeight === undefined ? {} : { screenHeight }),
    ...(screenWidth === undefined ? {} : { screenWidth }),
    ...(timeZone === undefined ? {} : { timeZoneOffset: timeZone }),
    userAgent: header('user-agent') ?? 'unknown',
  };
}

/** The card fields as the server reads them; each problem marks its field. */
function readCard(fields: Record<string, string>, nowMs: number): { state: FormState; expiry?: CardExpiry } {
  const errors: FormState['errors'] & Record<string, true> = {};
  const pan = (fields.pan ?? '').replace(/[\s-]/g, '');
  if (!/^\d{15,19}$/.test(pan) || !luhnValid(pan)) errors.pan = true;
  const expiryMatch = /^(\d{2})\s*\/\s*(\d{2})$/.exec((fields.expiry ?? '').trim());
  const expiry =
    expiryMatch === null ? undefined : parseExpiry(`20${expiryMatch[2] ?? ''}${expiryMatch[1] ?? ''}`);
  if (expiry === undefined || expiryInPast(expiry, nowMs)) errors.expiry = true;
  if (!/^\d{3}$/.test((fields.cvc ?? '').trim())) errors.cvc = true;
  if (!HOLDER.test((fields.cardholderName ?? '').trim())) errors.cardholderName = true;
  return {
    state: { errors, expiry: fields.expiry ?? '', cardholderName: fields.cardholderName ?? '' },
    ...(expiry === undefined ? {} : { expiry }),
  };
}

/**
 * The hosted payment page at formUrl: shows the order, takes the card, pays it through the same
 * services as instantPayment.do (3-D Secure included), and sends the customer back to the shop.
 */
export function registerPaymentPageRoutes(app: FastifyInstance, deps: PaymentPageDeps): void {
  const locate = async (
    request: FastifyRequest,
  ): Promise<Located | { notice: 'unknown'; language: Language }> => {
    const { login, page } = request.params as { login: string; page: string };
    const named = PAGE_NAME.exec(page)?.[1];
    const fallback: Language = isLanguage(named) ? named : 'en';
    const orderId = formFields(request).mdOrder;
    // The login comes from the address: a control character in it names no merchant (and must not reach a query).
    const merchant = hasControlCharacter(login) ? undefined : await deps.directory.byLogin(login);
    if (merchant === undefined || orderId === undefined || named === undefined)
      return { notice: 'unknown', language: fallback };
    let order: OrderRow;
    try {
      order = await deps.query.find(merchant, { orderId });
    } catch (error) {
      if (error instanceof Refusal) return { notice: 'unknown', language: fallback };
      throw error;
    }
    const language = isLanguage(named) ? named : (order.language as Language);
    const action = `${request.url.split('?')[0] ?? ''}?mdOrder=${encodeURIComponent(order.id)}`;
    return { merchant, order, language, action };
  };

  const notice = async (reply: FastifyReply, kind: OrderNotice, language: Language, order?: OrderRow) => {
    const backUrl =
      order === undefined
        ? undefined
        : kind === 'paid'
          ? order.return_url
          : (order.fail_url ?? order.return_url);
    const page = noticeBody(kind, language, backUrl);
    await sendPage(
      reply,
      { lang: language, title: page.title, body: page.body, style: PAYMENT_PAGE_STYLE },
      { formAction: [], frameAncestors: 'none' },
      kind === 'unknown' ? 404 : 200,
    );
  };

  const form = async (reply: FastifyReply, located: Located, state: FormState, status = 200) => {
    const view = cardFormBody(
      located.order,
      located.merchant.login,
      located.language,
      located.action,
      state,
      deps.clock.nowMs(),
      await credentialsFor(located),
      located.merchant.permissions.has('dcc'),
    );
    await sendPage(
      reply,
      {
        lang: located.language,
        title: pageText(located.language)('page.title'),
        body: view.body,
        style: PAYMENT_PAGE_STYLE,
        script: `${PAYMENT_PAGE_SCRIPT}`,
        data: view.data,
      },
      basePolicy(located.order),
      status,
    );
  };

  /** Takes the customer to the next place a payment step asks for. */
  const follow = async (reply: FastifyReply, located: Located, step: PaymentStep) => {
    const policy = basePolicy(step.order);
    switch (step.kind) {
      case 'decided':
        // Another submit of the same order is paying it right now: say so, never "declined".
        if (step.order.status === ORDER_STATUS.registered || step.order.status === ORDER_STATUS.acsStarted) {
          await notice(reply, 'inProgress', located.language, step.order);
          return;
        }
        await reply
          .code(303)
          .header('location', customerDestination(step.order, null))
          .header('cache-control', 'no-store')
          .send();
        return;
      case 'method': {
        const { threeDSMethodUrl, threeDSMethodDataPacked, threeDSServerTransId } = step.invitation;
        if (threeDSMethodUrl === undefined || threeDSMethodDataPacked === undefined) {
          const transaction = await deps.server.find(threeDSServerTransId);
          if (transaction === undefined) throw new Error(`3DS transaction ${threeDSServerTransId} vanished`);
          await follow(
            reply,
            located,
            await deps.payments.proceed(transaction, {
              merchantName: located.merchant.login,
              browser: browserOf(reply.request, {}, located.language),
            }),
          );
          return;
        }
        await deps.server.methodStarted(threeDSServerTransId);
        const acs = originOf(threeDSMethodUrl);
        await sendPage(
          reply,
          {
            lang: located.language,
            title: pageText(located.language)('page.authenticating'),
            body: methodBody(
              located.language,
              threeDSMethodUrl,
              threeDSMethodDataPacked,
              located.action,
              threeDSServerTransId,
            ),
            style: PAYMENT_PAGE_STYLE,
            script: PAYMENT_PAGE_SCRIPT,
          },
          { ...policy, formAction: [...policy.formAction, acs], frameSources: [acs] },
        );
        return;
      }
      case 'challenge':
      case 'v1': {
        const transaction = await deps.server.find(step.transactionId);
        if (transaction !== undefined) await deps.payments.customerAtAcs(transaction);
        const fields: Record<string, string> =
          step.kind === 'challenge'
            ? {
                creq: step.packedCReq,
                threeDSSessionData: Buffer.from(step.transactionId).toString('base64url'),
              }
            : { PaReq: step.paReq, MD: step.transactionId, TermUrl: step.termUrl };
        const t = pageText(located.language);
        const post = autoPostBody(step.acsUrl, fields, t('page.authenticating'), t('page.continue'));
        await sendPage(
          reply,
          { lang: located.language, title: t('page.authenticating'), body: post.body, script: post.script },
          { ...policy, formAction: [...policy.formAction, originOf(step.acsUrl)] },
        );
        return;
      }
    }
  };

  /** The client's saved cards, and whether a new card may be remembered (orders with a clientId). */
  const credentialsFor = async (located: Located): Promise<CredentialChoice> => {
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
  };

  /** The card the form chose: a saved one (only its CVC is asked) or a new one, checked field by field. */
  const chooseCard = async (
    located: Located,
    fields: Record<string, string>,
  ): Promise<
    { card: CardForAuthorization; terms: Omit<PaymentTerms, 'twoPhase'> } | { state: FormState }
  > => {
    const savedCard = fields.savedCard ?? '';
    const cvc = (fields.cvc ?? '').trim();
    const credentials = await credentialsFor(located);
    if (savedCard !== '') {
      const errors: FormState['errors'] & Record<string, true> = {};
      if (!/^\d{3}$/.test(cvc)) errors.cvc = true;
      let binding: Binding | undefined;
      try {
        if (credentials.savedCards.some((card) => card.bindingId === savedCard)) {
          binding = await deps.vault.usable(
            located.merchant.id,
            savedCard,
            located.order.client_id ?? undefined,
          );
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
    const read = readCard(fields, deps.clock.nowMs());
    const remember = credentials.offerRemember && fields.remember === 'true';
    if (Object.keys(read.state.errors).length > 0 || read.expiry === undefined) {
      return { state: { ...read.state, savedCard, remember } };
    }
    const clientId = located.order.client_id ?? '';
    return {
      card: {
        pan: new Pan((fields.pan ?? '').replace(/[\s-]/g, '')),
        expiry: read.expiry,
        cvc,
        cardholderName: (fields.cardholderName ?? '').trim().toUpperCase(),
      },
      terms: {
        paymentWay: 'CARD',
        // The customer asked to remember the card: the initial customer-initiated stored credential.
        ...(remember
          ? { tii: 'CI', storeCredential: { clientId, category: 'COMMON', email: located.order.email } }
          : {}),
      },
    };
  };

  /**
   * The DCC offer for the card the form holds (a new card or a saved one), when the merchant
   * offers DCC and the card qualifies; undefined otherwise (a euro card, no rate: the customer
   * simply pays in the order's currency). A live offer for the same order and card is reused.
   */
  const offerFor = async (located: Located, card: Pan): Promise<DccCalculationRow | undefined> => {
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
  };

  const pageOffer = (located: Located, row: DccCalculationRow): PageOffer => {
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
  };

  /** The card of the posted fields, for an offer: a saved card of the order's client, or a valid number. */
  const offerCard = async (located: Located, fields: Record<string, string>): Promise<Pan | undefined> => {
    const savedCard = fields.savedCard ?? '';
    if (savedCard !== '') {
      const credentials = await credentialsFor(located);
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
    const digits = (fields.pan ?? '').replace(/[\s-]/g, '');
    return /^\d{15,19}$/.test(digits) && luhnValid(digits) ? new Pan(digits) : undefined;
  };

  app.get(PAGE_ROUTE, async (request, reply) => {
    const located = await locate(request);
    if ('notice' in located) return notice(reply, located.notice, located.language);
    const standing = standingOf(located.order, deps.clock.nowMs());
    if (standing !== 'form') return notice(reply, standing, located.language, located.order);
    return form(reply, located, { errors: {} });
  });

  app.post(PAGE_ROUTE, async (request, reply) => {
    const located = await locate(request);
    if ('notice' in located) return notice(reply, located.notice, located.language);
    const fields = formFields(request);
    const { order, merchant, language } = located;
    const browser = browserOf(request, fields, language);

    if (fields.step === 'continue') {
      const transaction = await deps.server.find(fields.threeDSServerTransID ?? '');
      if (transaction?.order_id !== order.id) {
        // Not this order's authentication: show the order as it stands (the form, if still payable).
        const standing = standingOf(order, deps.clock.nowMs());
        return standing === 'form'
          ? form(reply, located, { errors: {} })
          : notice(reply, standing, language, order);
      }
      return follow(
        reply,
        located,
        await deps.payments.proceed(transaction, { merchantName: merchant.login, browser }),
      );
    }

    const standing = standingOf(order, deps.clock.nowMs());
    if (fields.step === 'dccOffer') {
      // The page's script asks as the card is typed: an offer, or none, as JSON for the page itself.
      const card = standing === 'form' ? await offerCard(located, fields) : undefined;
      const row = card === undefined ? undefined : await offerFor(located, card);
      return reply
        .header('cache-control', 'no-store')
        .type('application/json')
        .send({ offer: row === undefined ? null : pageOffer(located, row) });
    }
    if (standing !== 'form') return notice(reply, standing, language, order);
    const chosen = await chooseCard(located, fields);
    if ('state' in chosen) return form(reply, located, chosen.state, 422);
    const { card } = chosen;
    const terms = { twoPhase: order.two_phase === 1, ...chosen.terms };
    const offer = await offerFor(located, card.pan);
    let paying = order;
    if (offer !== undefined) {
      const choice = fields.dccChoice;
      // The customer must choose, knowingly, for the offer shown: nothing is chosen for them.
      if (fields.dccUuid !== offer.id || (choice !== 'original' && choice !== 'dcc')) {
        const state: FormState = {
          errors: fields.dccUuid === offer.id ? { dccChoice: true } : {},
          offer: pageOffer(located, offer),
          savedCard: fields.savedCard ?? '',
          pan: fields.savedCard ? '' : (fields.pan ?? ''),
          expiry: fields.expiry ?? '',
          cardholderName: fields.cardholderName ?? '',
        };
        return form(reply, located, state, 422);
      }
      if (choice === 'dcc') {
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
          paying = await deps.dcc.convertOrder(order, conversion, deps.clock.nowMs());
        } catch (error) {
          if (error instanceof Refusal && error.key === 'ORDER_NOT_PAYABLE') {
            return notice(reply, 'inProgress', language, order);
          }
          throw error;
        }
      }
    }
    try {
      if (merchant.permissions.has('sslOnly')) {
        return await follow(reply, located, {
          kind: 'decided',
          order: await deps.payment.pay(paying, { card, ...terms }),
        });
      }
      return await follow(
        reply,
        located,
        await deps.payments.start(paying, { card, terms, merchantName: merchant.login }, browser),
      );
    } catch (error) {
      // A second submit of the same form finds the order claimed by the first: never a second charge.
      if (error instanceof Refusal && error.key === 'ORDER_NOT_PAYABLE') {
        const current = await deps.query.find(merchant, { orderId: order.id });
        const now = standingOf(current, deps.clock.nowMs());
        return notice(reply, now === 'form' ? 'inProgress' : now, language, current);
      }
      throw error;
    }
  });
}
