import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { returnAddress } from '../../api/rest/payment-answers.js';
import { ORDER_STATUS } from '../../domain/order-status.js';
import { THREE_DS_SERVER_PATHS, type ThreeDsServer } from '../../processing/threeds/three-ds-server.js';
import type { AuthenticatedPayment } from '../../services/authenticated-payment.js';
import type { OrderRecord } from '../../domain/order-record.js';
import { within } from '../route-prefix.js';
import { formFields } from './form-fields.js';
import { autoPostBody, html, originOf, sendPage } from './html.js';

export interface ThreeDsRouteDeps {
  readonly server: ThreeDsServer;
  readonly payments: AuthenticatedPayment;
}

export const ACS_REDIRECT_PATH = '/payment/acsRedirect.do';

/** Where the customer goes once the payment is decided: the finish URL, or returnUrl / failUrl. */
export function customerDestination(order: OrderRecord, finishUrl: string | null): string {
  const paid = order.status === ORDER_STATUS.approved || order.status === ORDER_STATUS.deposited;
  const base = finishUrl ?? (paid ? order.return_url : (order.fail_url ?? order.return_url));
  return returnAddress(base, order.id, order.language);
}

async function notice(reply: FastifyReply, status: number, title: string, text: string): Promise<void> {
  await sendPage(
    reply,
    {
      lang: 'en',
      title,
      body: html`<main>
        <h1>${title}</h1>
        <p>${text}</p>
      </main>`,
    },
    { formAction: [], frameAncestors: '*' },
    status,
  );
}

/** 303 to the merchant, allowed by the page policy of the form that posted here. */
async function sendCustomerTo(reply: FastifyReply, url: string): Promise<void> {
  await reply.code(303).header('location', url).header('cache-control', 'no-store').send();
}

/** The 3DS Method page: the browser posts the method data to the ACS in a hidden frame. */
async function methodPage(
  deps: ThreeDsRouteDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const id = formFields(request).threeDSServerTransID ?? '';
  const transaction = await deps.server.find(id);
  if (transaction?.stage !== 'method' || transaction.method_url === null) {
    await notice(reply, 200, '3-D Secure', 'There is no 3DS Method to run for this transaction.');
    return;
  }
  await deps.server.methodStarted(transaction.id);
  const invitation = deps.server.invitation(transaction);
  const methodUrl = transaction.method_url;
  const post = autoPostBody(
    methodUrl,
    { threeDSMethodData: invitation.threeDSMethodDataPacked ?? '' },
    'Collecting browser data for 3-D Secure…',
    'Continue',
    'threeDSMethodFrame',
  );
  await sendPage(
    reply,
    {
      lang: 'en',
      title: '3DS Method',
      body: html`${post.body}<iframe name="threeDSMethodFrame" title="3DS Method" hidden></iframe>`,
      script: post.script,
    },
    { formAction: [originOf(methodUrl)], frameAncestors: '*', frameSources: [originOf(methodUrl)] },
  );
}

/** The ACS's 3DS Method notification, passed on to a page of this gateway or to the merchant. */
async function methodNotification(
  deps: ThreeDsRouteDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const data = formFields(request).threeDSMethodData ?? '';
  const transaction = await deps.server.methodNotified(data);
  if (transaction === undefined) {
    await notice(reply, 400, '3-D Secure', 'This is not a 3DS Method notification.');
    return;
  }
  const forwardTo = transaction.merchant_notification_url;
  if (forwardTo === null) {
    // Tells a page of this gateway that framed the method (the payment page) to go on at once.
    await sendPage(
      reply,
      {
        lang: 'en',
        title: '3-D Secure',
        body: html`<main><p>Browser data collected.</p></main>`,
        script: "window.parent.postMessage('threeDSMethodComplete', window.location.origin);",
      },
      { formAction: [], frameAncestors: '*' },
    );
    return;
  }
  // The merchant asked to be told too (threeDSMethodNotificationUrl): the browser passes it on.
  const post = autoPostBody(forwardTo, { threeDSMethodData: data }, 'Browser data collected.', 'Continue');
  await sendPage(
    reply,
    { lang: 'en', title: '3-D Secure', body: post.body, script: post.script },
    { formAction: [originOf(forwardTo)], frameAncestors: '*' },
  );
}

/** The challenge's final CRes: the payment goes on, the customer to the merchant. */
async function challengeNotification(
  deps: ThreeDsRouteDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const cres = formFields(request).cres ?? '';
  const result = await deps.payments.completeChallenge(cres, request.id);
  if (result === undefined) {
    await notice(
      reply,
      400,
      '3-D Secure',
      'This is not the result of a 3-D Secure challenge of this gateway.',
    );
    return;
  }
  await sendCustomerTo(reply, customerDestination(result.order, result.finishUrl));
}

/** The 3-D Secure 1.0 TermUrl: the PaRes finishes the payment, the customer goes to the merchant. */
async function v1TermUrl(
  deps: ThreeDsRouteDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const fields = formFields(request);
  const result = await deps.payments.completeV1(fields.PaRes ?? '', fields.MD ?? '', request.id);
  if (result === undefined) {
    await notice(
      reply,
      400,
      '3-D Secure',
      'This is not the result of a 3-D Secure authentication of this gateway.',
    );
    return;
  }
  await sendCustomerTo(reply, customerDestination(result.order, result.finishUrl));
}

/** acsRedirect.do: the customer of an order waiting at its ACS is posted there (again). */
async function acsRedirect(
  deps: ThreeDsRouteDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const orderId = formFields(request).orderId ?? '';
  const transaction = orderId === '' ? undefined : await deps.server.findByOrder(orderId);
  if (transaction === undefined) {
    await notice(reply, 404, '3-D Secure', 'There is no 3-D Secure authentication for this order.');
    return;
  }
  if (transaction.stage === 'method') {
    await notice(reply, 409, '3-D Secure', 'The authentication of this order has not reached the ACS yet.');
    return;
  }
  const step = await deps.payments.pendingStep(transaction);
  if (step.kind === 'decided') {
    await sendCustomerTo(reply, customerDestination(step.order, transaction.finish_url));
    return;
  }
  if (step.kind !== 'challenge' && step.kind !== 'v1') {
    await notice(reply, 409, '3-D Secure', 'The authentication of this order has not reached the ACS yet.');
    return;
  }
  await deps.payments.customerAtAcs(transaction);
  const fields: Record<string, string> =
    step.kind === 'challenge'
      ? { creq: step.packedCReq, threeDSSessionData: Buffer.from(transaction.id).toString('base64url') }
      : { PaReq: step.paReq, MD: transaction.id, TermUrl: step.termUrl };
  const post = autoPostBody(step.acsUrl, fields, 'Redirecting to your bank for 3-D Secure…', 'Continue');
  await sendPage(
    reply,
    { lang: step.order.language, title: '3-D Secure', body: post.body, script: post.script },
    { formAction: [originOf(step.acsUrl)], frameAncestors: 'none' },
  );
}

/**
 * The browser-facing side of the gateway's 3DS Server: the 3DS Method page and its notification,
 * the challenge's final CRes, the 3-D Secure 1.0 TermUrl, and acsRedirect.do. Registered under
 * /payment; the paths stay whole in THREE_DS_SERVER_PATHS, which also builds the addresses the
 * 3DS Server sends out.
 */
export const threeDsPages: FastifyPluginCallback<ThreeDsRouteDeps> = (app, deps, done) => {
  const at = (path: string) => within(app.prefix, path);
  const route =
    (handler: (deps: ThreeDsRouteDeps, request: FastifyRequest, reply: FastifyReply) => Promise<void>) =>
    (request: FastifyRequest, reply: FastifyReply) =>
      handler(deps, request, reply);
  for (const path of [THREE_DS_SERVER_PATHS.methodPage, THREE_DS_SERVER_PATHS.methodDirect]) {
    app.get(at(path), route(methodPage));
    app.post(at(path), route(methodPage));
  }
  app.post(at(THREE_DS_SERVER_PATHS.methodNotification), route(methodNotification));
  app.post(at(THREE_DS_SERVER_PATHS.challengeNotification), route(challengeNotification));
  app.post(at(THREE_DS_SERVER_PATHS.v1TermUrl), route(v1TermUrl));
  app.get(at(ACS_REDIRECT_PATH), route(acsRedirect));
  app.post(at(ACS_REDIRECT_PATH), route(acsRedirect));
  done();
};
