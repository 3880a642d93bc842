import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import { currencyByNumeric } from '../../domain/currencies.js';
import {
  ACS_PATHS,
  SANDBOX_OTP,
  SANDBOX_V1_PASSWORD,
  type AcsEmulator,
  type ChallengeView,
} from '../../processing/threeds/acs-emulator.js';
import { within } from '../route-prefix.js';
import { formFields } from './form-fields.js';
import { autoPostBody, html, originOf, sendPage } from './html.js';

const ACS_STYLE = `
.bank{font-weight:700;letter-spacing:.04em;color:#6b2fb3;margin-bottom:12px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0 0 16px}
dt{color:#5b6272}
label{display:block;font-weight:600;margin-bottom:4px}
input{font:inherit;width:100%;box-sizing:border-box;padding:10px;border:1px solid #9aa3b5;border-radius:8px;margin-bottom:12px}
.error{color:#b3261e;font-weight:600}
.hint{color:#5b6272;font-size:.9rem}
`;

function formatAmount(view: ChallengeView): string {
  const currency = currencyByNumeric(view.purchaseCurrency);
  const exponent = currency?.exponent ?? view.purchaseExponent;
  const minor = Number(view.purchaseAmount);
  const major = exponent === 0 ? String(minor) : (minor / 10 ** exponent).toFixed(exponent);
  return `${major} ${currency?.alpha ?? view.purchaseCurrency}`;
}

async function closed(reply: FastifyReply, status: number, text: string): Promise<void> {
  await sendPage(
    reply,
    {
      lang: 'en',
      title: 'Sandbox ACS',
      body: html`<main>
        <div class="bank">SANDBOX BANK</div>
        <p>${text}</p>
      </main>`,
      style: ACS_STYLE,
    },
    { formAction: [], frameAncestors: '*' },
    status,
  );
}

/** The challenge page: the code (or the 1.0 password), submit and cancel. */
async function challengePage(
  reply: FastifyReply,
  view: ChallengeView,
  hidden: Readonly<Record<string, string>>,
  wrongAnswer: boolean,
): Promise<void> {
  const v1 = view.protocol === '1';
  const action = v1 ? ACS_PATHS.v1Answer : ACS_PATHS.challengeAnswer;
  const label = v1 ? '3-D Secure password' : 'One-time code sent to your phone';
  const hint = v1 ? `Sandbox password: ${SANDBOX_V1_PASSWORD}` : `Sandbox code: ${SANDBOX_OTP}`;
  const hiddenInputs = Object.entries(hidden).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`,
  );
  await sendPage(
    reply,
    {
      lang: 'en',
      title: 'Confirm your payment',
      style: ACS_STYLE,
      body: html`<main>
        <div class="bank">SANDBOX BANK</div>
        <h1>Confirm your payment</h1>
        <dl>
          <dt>Merchant</dt>
          <dd>${view.merchantName}</dd>
          <dt>Amount</dt>
          <dd>${formatAmount(view)}</dd>
          <dt>Card</dt>
          <dd>${view.maskedPan}</dd>
        </dl>
        <form method="post" action="${action}">
          ${hiddenInputs}
          ${wrongAnswer ? html`<p class="error" role="alert" id="answer-error">Incorrect. ${view.attemptsLeft} attempt(s) left.</p>` : ''}
          <label for="code">${label}</label>
          <input
            id="code"
            name="code"
            type="${v1 ? 'password' : 'text'}"
            inputmode="${v1 ? 'text' : 'numeric'}"
            autocomplete="one-time-code"
            autofocus${wrongAnswer ? html` aria-describedby="answer-error"` : ''}
          />
          <p class="hint">${hint}</p>
          <button type="submit" name="action" value="submit">Confirm</button>
          <button type="submit" name="action" value="cancel" class="secondary">Cancel</button>
        </form>
      </main>`,
    },
    { formAction: [], frameAncestors: '*' },
  );
}

/** The end of a challenge: the browser carries the result to the requestor on its own. */
async function handBack(
  reply: FastifyReply,
  url: string,
  fields: Readonly<Record<string, string>>,
): Promise<void> {
  const post = autoPostBody(url, fields, 'Returning to the merchant…', 'Continue');
  await sendPage(
    reply,
    { lang: 'en', title: 'Sandbox ACS', body: post.body, script: post.script, style: ACS_STYLE },
    // The requestor answers this post with a redirect to the merchant, which form-action also governs.
    { formAction: [originOf(url), 'https:', 'http:'], frameAncestors: '*' },
  );
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export interface AcsDeps {
  readonly acs: AcsEmulator;
}

/** The sandbox issuer's ACS, as pages on the gateway's host, registered under /acs. */
export const acsPages: FastifyPluginCallback<AcsDeps> = (app, { acs }, done) => {
  app.post(within(app.prefix, ACS_PATHS.method), async (request, reply) => {
    const fields = formFields(request);
    const notification = acs.method(fields.threeDSMethodData ?? '', fields.profile);
    if (notification === undefined) {
      await closed(reply, 200, 'Checking your browser…');
      return;
    }
    await handBack(reply, notification.url, { threeDSMethodData: notification.threeDSMethodData });
  });

  app.post(within(app.prefix, ACS_PATHS.challenge), async (request, reply) => {
    const fields = formFields(request);
    const view = await acs.openChallenge(fields.creq ?? '');
    if (view === undefined) {
      await closed(reply, 400, 'This is not a challenge request this ACS is waiting for.');
      return;
    }
    const hidden = {
      acsTransID: view.acsTransID,
      ...(fields.threeDSSessionData === undefined ? {} : { threeDSSessionData: fields.threeDSSessionData }),
    };
    await challengePage(reply, view, hidden, false);
  });

  app.post(within(app.prefix, ACS_PATHS.challengeAnswer), async (request, reply) => {
    const fields = formFields(request);
    const answer =
      fields.action === 'cancel' ? { cancel: true as const } : { code: (fields.code ?? '').trim() };
    const step = await acs.answerChallenge(fields.acsTransID ?? '', answer, fields.threeDSSessionData);
    if (step === undefined) {
      await closed(reply, 409, 'This authentication is over.');
      return;
    }
    if (step.kind === 'retry') {
      const hidden = {
        acsTransID: step.view.acsTransID,
        ...(fields.threeDSSessionData === undefined ? {} : { threeDSSessionData: fields.threeDSSessionData }),
      };
      await challengePage(reply, step.view, hidden, true);
      return;
    }
    await handBack(reply, step.url, step.fields);
  });

  app.post(within(app.prefix, ACS_PATHS.v1), async (request, reply) => {
    const fields = formFields(request);
    const view = await acs.openV1(fields.PaReq ?? '');
    const termUrl = fields.TermUrl ?? '';
    if (view === undefined || !isHttpUrl(termUrl)) {
      await closed(reply, 400, 'This is not an authentication request this ACS is waiting for.');
      return;
    }
    await challengePage(reply, view, { xid: view.acsTransID, MD: fields.MD ?? '', TermUrl: termUrl }, false);
  });

  app.post(within(app.prefix, ACS_PATHS.v1Answer), async (request, reply) => {
    const fields = formFields(request);
    const termUrl = fields.TermUrl ?? '';
    const answer =
      fields.action === 'cancel' ? { cancel: true as const } : { code: (fields.code ?? '').trim() };
    const step = isHttpUrl(termUrl) ? await acs.answerV1(fields.xid ?? '', answer) : undefined;
    if (step === undefined) {
      await closed(reply, 409, 'This authentication is over.');
      return;
    }
    if (step.kind === 'retry') {
      await challengePage(
        reply,
        step.view,
        { xid: step.view.acsTransID, MD: fields.MD ?? '', TermUrl: termUrl },
        true,
      );
      return;
    }
    await handBack(reply, termUrl, { PaRes: step.paRes, MD: fields.MD ?? '' });
  });
  done();
};
