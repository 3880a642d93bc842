import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { ACTION_CODE } from '../../domain/action-codes.js';
import type { OrderPageVisits } from '../../services/order-page-visits.js';
import type { Clock, MerchantScope } from '../../domain/clock.js';
import { ORDER_STATUS } from '../../domain/order-status.js';
import { Refusal } from '../../domain/refusals.js';
import { isLanguage, type Language } from '../../i18n/languages.js';
import type { BrowserData } from '../../domain/three-ds-device.js';
import type { ThreeDsServer } from '../../processing/threeds/three-ds-server.js';
import type { AuthenticatedPayment } from '../../services/authenticated-payment.js';
import type { MerchantContext } from '../../services/merchant-context.js';
import type { MerchantDirectory } from '../../services/merchant-directory.js';
import type { OrderQuery } from '../../services/order-query.js';
import type { PaymentStep } from '../../services/payment-step.js';
import type { OrderRecord } from '../../domain/order-record.js';
import { hasControlCharacter } from '../../api/params/input-screen.js';
import { within } from '../route-prefix.js';
import { formFields } from './form-fields.js';
import { autoPostBody, originOf, sendPage, type PagePolicy } from './html.js';
import {
  methodBody,
  noticeBody,
  pageText,
  PAYMENT_PAGE_STYLE,
  type NoticeWording,
  type OrderNotice,
} from './payment-page-view.js';
import { customerDestination } from './threeds-routes.js';

/*
 * What the gateway's own pages at formUrl share: finding the order of the address, what it can
 * show, the browser data for the AReq, notices, and taking the customer through 3-D Secure.
 */

/** The merchant pages' address: /payment/merchants/<login>/<page>?mdOrder=<orderId>. */
export const MERCHANT_PAGE_ROUTE = '/payment/merchants/:login/:page';

export interface Located {
  readonly merchant: MerchantContext;
  readonly order: OrderRecord;
  readonly language: Language;
  /** The page's own address for this order, where its forms post. */
  readonly action: string;
}

export interface PageHandlers {
  readonly get: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  readonly post: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/** What the page shows for an order: the form, or a notice. */
export function standingOf(order: OrderRecord, nowMs: number): 'form' | OrderNotice {
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

export function basePolicy(order: OrderRecord): PagePolicy {
  const merchantOrigins = [order.return_url, order.fail_url]
    .filter((url): url is string => url !== null)
    .map(originOf);
  return { formAction: merchantOrigins, frameAncestors: 'none' };
}

export function browserOf(
  request: FastifyRequest,
  fields: Record<string, string>,
  language: Language,
): BrowserData {
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

export interface PageFlowDeps {
  readonly directory: MerchantDirectory;
  readonly query: OrderQuery;
  readonly payments: AuthenticatedPayment;
  readonly server: ThreeDsServer;
  readonly clock: Clock;
  /** Where each opening of an order's page is remembered (the console's order story). */
  readonly visits?: OrderPageVisits;
}

/**
 * One kind of merchant page: its file name (payment_<lang>.html, p2p_<lang>.html), which orders
 * it serves (an order of the other kind is "not found" there), and how its notices are worded.
 */
export interface PageKind {
  readonly name: RegExp;
  /** The page as the order's story names it. */
  readonly visit: 'payment' | 'transfer';
  readonly serves: (order: OrderRecord) => boolean;
  readonly wording: NoticeWording;
  /** The page's own script, also on its 3DS Method page. */
  readonly script: string;
}

/** The steps every merchant page takes: find the order, tell a notice, follow a payment step. */
export class PageFlow {
  constructor(
    private readonly deps: PageFlowDeps,
    private readonly kind: PageKind,
  ) {}

  /** The order of the page's address (its merchant, its number), or why there is none to show. */
  async locate(request: FastifyRequest): Promise<Located | { notice: 'unknown'; language: Language }> {
    const { login, page } = request.params as { login: string; page: string };
    const named = this.kind.name.exec(page)?.[1];
    const fallback: Language = isLanguage(named) ? named : 'en';
    const orderId = formFields(request).mdOrder;
    // The login comes from the address: a control character in it names no merchant (and must not reach a query).
    const merchant = hasControlCharacter(login) ? undefined : await this.deps.directory.byLogin(login);
    if (merchant === undefined || orderId === undefined || named === undefined)
      return { notice: 'unknown', language: fallback };
    let order: OrderRecord;
    try {
      order = await this.deps.query.find(merchant, { orderId });
    } catch (error) {
      if (error instanceof Refusal) return { notice: 'unknown', language: fallback };
      throw error;
    }
    if (!this.kind.serves(order)) return { notice: 'unknown', language: fallback };
    const language = isLanguage(named) ? named : (order.language as Language);
    const action = `${request.url.split('?')[0] ?? ''}?mdOrder=${encodeURIComponent(order.id)}`;
    return { merchant, order, language, action };
  }

  /** GET: the form while the order can be paid (or transferred), else the notice of where it stands. */
  show(form: (reply: FastifyReply, located: Located) => Promise<void>) {
    return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const located = await this.locate(request);
      if ('notice' in located) return this.notice(reply, located.notice, located.language);
      await this.deps.visits?.record(located.order.id, this.kind.visit);
      const standing = standingOf(located.order, this.deps.clock.nowMs());
      if (standing !== 'form') return this.notice(reply, standing, located.language, located.order);
      return form(reply, located);
    };
  }

  /** Where the order stands (or that there is none), with the way back to the shop. */
  async notice(reply: FastifyReply, which: OrderNotice, language: Language, order?: OrderRecord) {
    const backUrl =
      order === undefined
        ? undefined
        : which === 'paid'
          ? order.return_url
          : (order.fail_url ?? order.return_url);
    const page = noticeBody(which, language, backUrl, this.kind.wording);
    await sendPage(
      reply,
      { lang: language, title: page.title, body: page.body, style: PAYMENT_PAGE_STYLE },
      { formAction: [], frameAncestors: 'none' },
      which === 'unknown' ? 404 : 200,
    );
  }

  /** Takes the customer to the next place a payment step asks for. */
  async follow(reply: FastifyReply, located: Located, step: PaymentStep): Promise<void> {
    const policy = basePolicy(step.order);
    switch (step.kind) {
      case 'appMethod':
      case 'appChallenge':
        // The payment pages run in a browser: they never ask for the app channel.
        throw new Error(`the payment page reached the app channel step ${step.kind}`);
      case 'decided':
        // Another submit of the same order is paying it right now: say so, never "declined".
        if (step.order.status === ORDER_STATUS.registered || step.order.status === ORDER_STATUS.acsStarted) {
          await this.notice(reply, 'inProgress', located.language, step.order);
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
          const transaction = await this.deps.server.find(threeDSServerTransId);
          if (transaction === undefined) throw new Error(`3DS transaction ${threeDSServerTransId} vanished`);
          await this.follow(
            reply,
            located,
            await this.deps.payments.proceed(transaction, {
              merchantName: located.merchant.login,
              browser: browserOf(reply.request, {}, located.language),
              requestId: reply.request.id,
            }),
          );
          return;
        }
        await this.deps.server.methodStarted(threeDSServerTransId);
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
            script: this.kind.script,
          },
          { ...policy, formAction: [...policy.formAction, acs], frameSources: [acs] },
        );
        return;
      }
      case 'challenge':
      case 'v1': {
        const transaction = await this.deps.server.find(step.transactionId);
        if (transaction !== undefined) await this.deps.payments.customerAtAcs(transaction);
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
  }

  /**
   * The continue step after the 3DS Method: the AReq for this order's transaction. A transaction
   * of another order shows the order as it stands (`form`, if it can still be paid).
   */
  async proceedAfterMethod(
    reply: FastifyReply,
    located: Located,
    fields: Record<string, string>,
    form: () => Promise<void>,
  ): Promise<void> {
    const transaction = await this.deps.server.find(fields.threeDSServerTransID ?? '');
    if (transaction?.order_id !== located.order.id) {
      const standing = standingOf(located.order, this.deps.clock.nowMs());
      return standing === 'form' ? form() : this.notice(reply, standing, located.language, located.order);
    }
    const browser = browserOf(reply.request, fields, located.language);
    return this.follow(
      reply,
      located,
      await this.deps.payments.proceed(transaction, {
        merchantName: located.merchant.login,
        browser,
        requestId: reply.request.id,
      }),
    );
  }

  /**
   * A submit that found the order claimed by another one (a second click, a second tab): never a
   * second charge; the customer is told where the order stands now.
   */
  async afterLostClaim(reply: FastifyReply, located: Located): Promise<void> {
    const current = await this.deps.query.find(located.merchant, { orderId: located.order.id });
    const now = standingOf(current, this.deps.clock.nowMs());
    return this.notice(reply, now === 'form' ? 'inProgress' : now, located.language, current);
  }
}

export function pageFlow(deps: PageFlowDeps, kind: PageKind): PageFlow {
  return new PageFlow(deps, kind);
}

export interface MerchantPagesDeps {
  readonly pages: readonly { readonly kind: PageKind; readonly handlers: PageHandlers }[];
  readonly directory: MerchantDirectory;
  /** A page's order is paid on its merchant's clock (its sandbox test clock, issue 45). */
  readonly scope: MerchantScope;
}

/**
 * The merchant pages under one address pattern, each answering for its own file name; any other
 * name gets the first page's "not found". Registered under /payment/merchants.
 */
export const merchantPages: FastifyPluginCallback<MerchantPagesDeps> = (app, deps, done) => {
  const { pages, directory, scope } = deps;
  // The merchant is looked up by the address's login only while some clock is ahead of real time.
  const onMerchantClock = async (request: FastifyRequest, work: () => Promise<void>): Promise<void> => {
    if (scope.advanced().length === 0) return work();
    const { login } = request.params as { login: string };
    const merchant = hasControlCharacter(login) ? undefined : await directory.byLogin(login);
    return merchant === undefined ? work() : scope.within(merchant.id, work);
  };
  const pick = (request: FastifyRequest): PageHandlers => {
    const { page } = request.params as { page: string };
    const found = pages.find((candidate) => candidate.kind.name.test(page)) ?? pages[0];
    if (found === undefined) throw new Error('no merchant pages registered');
    return found.handlers;
  };
  const route = within(app.prefix, MERCHANT_PAGE_ROUTE);
  app.get(route, (request, reply) => onMerchantClock(request, () => pick(request).get(request, reply)));
  app.post(route, (request, reply) => onMerchantClock(request, () => pick(request).post(request, reply)));
  done();
};
