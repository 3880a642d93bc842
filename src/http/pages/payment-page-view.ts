import { currencyByNumeric } from '../../domain/currencies.js';
import type { Language } from '../../i18n/languages.js';
import { formatMoney } from '../../i18n/money-format.js';
import { translate, type MessageVars } from '../../i18n/translate.js';
import type { MessageKey } from '../../i18n/messages-en.js';
import type { OrderRecord } from '../../domain/order-record.js';
import { Html, html } from './html.js';

export function pageText(language: Language): (key: MessageKey, vars?: MessageVars) => string {
  return (key, vars) => translate(language, vars === undefined ? { key } : { key, vars });
}

/** The order amount in its currency, the way the customer's language writes it. */
export function formatAmount(
  order: Pick<OrderRecord, 'amount_minor' | 'currency'>,
  language: Language,
): string {
  const currency = currencyByNumeric(order.currency) ?? { alpha: 'XXX', exponent: 2 };
  return formatMoney(order.amount_minor, currency, language);
}

export const PAYMENT_PAGE_STYLE = `
.summary{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0 0 20px}
.summary dt{color:#5b6272}.summary dd{margin:0;font-weight:600}
.field{margin-bottom:14px}
.field label{display:block;font-weight:600;margin-bottom:4px}
.field input{font:inherit;width:100%;box-sizing:border-box;padding:10px;border:1px solid #9aa3b5;border-radius:8px}
.field input[aria-invalid=true]{border-color:#b3261e}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.hint{color:#5b6272;font-size:.85rem;margin:4px 0 0}
.error{color:#b3261e;font-size:.9rem;margin:4px 0 0;min-height:1em}
.alert{color:#b3261e;font-weight:600}
.note{color:#5b6272;font-size:.85rem;margin-top:16px}
.countdown{font-variant-numeric:tabular-nums}
fieldset{border:1px solid #c9cfdb;border-radius:8px;margin:0 0 14px;padding:8px 12px}
legend{font-weight:600;padding:0 4px}
.choice{display:block;padding:6px 0}
.remember label{font-weight:400}
`;

/** A stored card of the order's client, as the page offers it. */
export interface SavedCard {
  readonly bindingId: string;
  readonly maskedPan: string;
  /** YYYYMM */
  readonly expiry: string;
}

/** What the page offers about stored credentials: the client's cards, and whether to store a new one. */
export interface CredentialChoice {
  readonly savedCards: readonly SavedCard[];
  readonly offerRemember: boolean;
}

/** A DCC offer as the page shows it: both amounts, the rate and the markup, already worded. */
export interface PageOffer {
  readonly dccUuid: string;
  readonly original: string;
  readonly converted: string;
  readonly rate: string;
}

export interface FormState {
  readonly errors: Partial<
    Record<'pan' | 'expiry' | 'cvc' | 'cardholderName' | 'savedCard' | 'dccChoice', true>
  >;
  /** The card number typed, shown again only when the page asks for the DCC choice without script. */
  readonly pan?: string;
  /** The DCC offer to choose from (merchants with the permission dcc). */
  readonly offer?: PageOffer;
  /** The saved card chosen, or '' for another card. */
  readonly savedCard?: string;
  readonly remember?: boolean;
  readonly expiry?: string;
  readonly cardholderName?: string;
  readonly alert?: string;
}

/** One labelled input of a card form, with its hint and the error the server or the script marks. */
export function cardInput(
  t: ReturnType<typeof pageText>,
  input: {
    readonly name: string;
    readonly label: MessageKey;
    readonly errorKey: MessageKey;
    readonly invalid: boolean;
    readonly attributes: Html;
    readonly hint?: MessageKey;
  },
): Html {
  const { name, hint } = input;
  const described = [hint === undefined ? '' : `${name}-hint`, `${name}-error`]
    .filter((id) => id !== '')
    .join(' ');
  return html`<div class="field">
    <label for="${name}">${t(input.label)}</label>
    <input
      id="${name}"
      name="${name}"
      ${input.attributes}
      aria-describedby="${described}"
      aria-invalid="${input.invalid ? 'true' : 'false'}"
    />
    ${hint === undefined ? '' : html`<p class="hint" id="${name}-hint">${t(hint)}</p>`}
    <p class="error" id="${name}-error" aria-live="polite">${input.invalid ? t(input.errorKey) : ''}</p>
  </div>`;
}

function field(
  t: ReturnType<typeof pageText>,
  name: 'pan' | 'expiry' | 'cvc' | 'cardholderName',
  label: MessageKey,
  errorKey: MessageKey,
  state: FormState,
  attributes: Html,
  hint?: MessageKey,
): Html {
  return cardInput(t, {
    name,
    label,
    errorKey,
    invalid: state.errors[name] === true,
    attributes,
    ...(hint === undefined ? {} : { hint }),
  });
}

/** The first lines of a card page's summary: who is paid, for which order, and what for. */
export function orderEntries(
  t: ReturnType<typeof pageText>,
  merchantName: string,
  order: Pick<OrderRecord, 'order_number' | 'description'>,
): Html {
  return html`<dt>${t('page.merchant')}</dt>
    <dd>${merchantName}</dd>
    <dt>${t('page.order')}</dt>
    <dd>${order.order_number}</dd>
    ${
      order.description === null
        ? ''
        : html`<dt>${t('page.description')}</dt>
            <dd>${order.description}</dd>`
    }`;
}

/** The order's time left (the page's script counts it down and reloads the page at zero). */
export function countdownEntry(
  label: string,
  order: Pick<OrderRecord, 'expires_at_ms'>,
  action: string,
  nowMs: number,
): Html {
  return html`<dt>${label}</dt>
    <dd
      class="countdown"
      id="countdown"
      data-seconds-left="${String(Math.max(0, Math.floor((order.expires_at_ms - nowMs) / 1000)))}"
      data-page-url="${action}"
      aria-live="off"
    ></dd>`;
}

/** Above a card form: why it was shown again, or the summary of the fields marked wrong. */
export function formAlert(
  t: ReturnType<typeof pageText>,
  state: { readonly alert?: string | undefined; readonly errors: object },
): Html {
  return html`<p class="alert" id="form-error" role="alert">
    ${state.alert ?? (Object.keys(state.errors).length > 0 ? t('page.errorSummary') : '')}
  </p>`;
}

/** What the AReq's browser data needs from the page (filled by the page's script). */
export const BROWSER_FIELDS = html`<input type="hidden" name="screenWidth" value="" /><input
    type="hidden"
    name="screenHeight"
    value=""
  />
  <input type="hidden" name="colorDepth" value="" /><input type="hidden" name="timeZoneOffset" value="" />
  <input type="hidden" name="javascriptEnabled" value="false" />`;

/** The card form for an order that can be paid. */
export function cardFormBody(
  order: OrderRecord,
  merchantName: string,
  language: Language,
  action: string,
  state: FormState,
  nowMs: number,
  credentials: CredentialChoice = { savedCards: [], offerRemember: false },
  offersDcc = false,
): { body: Html; data: string } {
  const t = pageText(language);
  const amount = formatAmount(order, language);
  const body = html`<main>
    <h1>${t('page.title')}</h1>
    <dl class="summary">
      ${orderEntries(t, merchantName, order)}
      <dt>${t('page.amount')}</dt>
      <dd id="amount">${amount}</dd>
      ${countdownEntry(t('page.timeLeft'), order, action, nowMs)}
    </dl>
    ${formAlert(t, state)}
    <form id="card-form" method="post" action="${action}" novalidate>
      <input type="hidden" name="step" value="pay" />
      ${BROWSER_FIELDS} ${savedCardsFieldset(t, credentials.savedCards, state)}
      <div id="new-card" ${chosenSaved(credentials.savedCards, state) === '' ? '' : new Html(' hidden')}>
        ${field(t, 'pan', 'page.cardNumber', 'page.error.cardNumber', state, html`type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23" ${state.pan === undefined || state.pan === '' ? '' : html`value="${state.pan}"`}`)}
        ${field(t, 'expiry', 'page.expiry', 'page.error.expiry', state, html`type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="7" value="${state.expiry ?? ''}"`)}
        ${field(t, 'cardholderName', 'page.cardholder', 'page.error.cardholder', state, html`type="text" autocomplete="cc-name" maxlength="45" value="${state.cardholderName ?? ''}"`, 'page.cardholderHint')}
        ${
          credentials.offerRemember
            ? html`<p class="remember">
                <label
                  ><input
                    type="checkbox"
                    id="remember"
                    name="remember"
                    value="true"
                    ${state.remember === true ? new Html('checked') : ''}
                  />
                  ${t('page.rememberCard')}</label
                >
              </p>`
            : ''
        }
      </div>
      ${field(t, 'cvc', 'page.cvc', 'page.error.cvc', state, html`type="password" inputmode="numeric" autocomplete="cc-csc" maxlength="3" required`, 'page.cvcHint')}
      ${offersDcc ? dccFieldset(t, state) : ''}
      <button id="pay-button" type="submit">${t('page.pay', { amount })}</button>
    </form>
    <p class="note">${t('page.secureNote')}</p>
  </main>`;
  const data = JSON.stringify({
    savedCard: t('page.error.savedCard'),
    pan: t('page.error.cardNumber'),
    expiry: t('page.error.expiry'),
    cvc: t('page.error.cvc'),
    cardholderName: t('page.error.cardholder'),
    summary: t('page.errorSummary'),
    processing: t('page.processing'),
    dccChoice: t('page.error.dccChoice'),
  });
  return { body, data };
}

/**
 * The currency choice card networks require for DCC: both amounts side by side, the rate and the
 * markup, neither option chosen for the customer. Hidden until the card is known to qualify (the
 * script asks the server as the card number is typed; without script, the server shows it).
 */
function dccFieldset(t: ReturnType<typeof pageText>, state: FormState): Html {
  const offer = state.offer;
  const invalid = state.errors.dccChoice === true;
  const option = (value: 'original' | 'dcc', text: string) =>
    html`<label class="choice"
      ><input type="radio" name="dccChoice" value="${value}" aria-describedby="dcc-rate dccChoice-error" />
      <span id="dcc-${value}">${text}</span></label
    >`;
  return html`<fieldset id="dcc-choice" ${offer === undefined ? new Html('hidden') : ''}>
    <legend>${t('page.dcc.title')}</legend>
    <input type="hidden" name="dccUuid" value="${offer?.dccUuid ?? ''}" />
    ${option('original', offer?.original ?? '')} ${option('dcc', offer?.converted ?? '')}
    <p class="hint" id="dcc-rate">${offer?.rate ?? ''}</p>
    <p class="hint">${t('page.dcc.notice')}</p>
    <p class="error" id="dccChoice-error" aria-live="polite">${invalid ? t('page.error.dccChoice') : ''}</p>
  </fieldset>`;
}

/** The saved card the form has chosen: the one posted, else the first, else '' (another card). */
function chosenSaved(savedCards: readonly SavedCard[], state: FormState): string {
  if (state.savedCard !== undefined) return state.savedCard;
  return savedCards[0]?.bindingId ?? '';
}

function savedCardsFieldset(
  t: ReturnType<typeof pageText>,
  savedCards: readonly SavedCard[],
  state: FormState,
): Html | string {
  if (savedCards.length === 0) return '';
  const chosen = chosenSaved(savedCards, state);
  const option = (value: string, label: string) =>
    html`<label class="choice"
      ><input type="radio" name="savedCard" value="${value}" ${chosen === value ? new Html('checked') : ''} />
      ${label}</label
    >`;
  return html`<fieldset id="saved-cards">
    <legend>${t('page.savedCards')}</legend>
    ${savedCards.map((card) =>
      option(
        card.bindingId,
        t('page.savedCard', {
          card: card.maskedPan,
          expiry: `${card.expiry.slice(4)}/${card.expiry.slice(2, 4)}`,
        }),
      ),
    )}
    ${option('', t('page.newCard'))}
    <p class="error" id="savedCard-error" aria-live="polite">
      ${state.errors.savedCard === true ? t('page.error.savedCard') : ''}
    </p>
  </fieldset>`;
}

export type OrderNotice = 'expired' | 'paid' | 'declined' | 'unknown' | 'inProgress';

/** The title and text of each notice: payments and transfers word them their own way. */
export type NoticeWording = Readonly<Record<OrderNotice, readonly [MessageKey, MessageKey]>>;

export const PAYMENT_NOTICES: NoticeWording = {
  expired: ['page.expired.title', 'page.expired.text'],
  paid: ['page.paid.title', 'page.paid.text'],
  declined: ['page.declined.title', 'page.declined.text'],
  unknown: ['page.unknown.title', 'page.unknown.text'],
  inProgress: ['page.inProgress.title', 'page.inProgress.text'],
};

/** A clear page instead of a form, for an order that cannot be paid now. */
export function noticeBody(
  kind: OrderNotice,
  language: Language,
  backUrl?: string,
  wording: NoticeWording = PAYMENT_NOTICES,
): { title: string; body: Html } {
  const t = pageText(language);
  const [title, text] = wording[kind];
  return {
    title: t(title),
    body: html`<main id="notice" data-notice="${kind}">
      <h1>${t(title)}</h1>
      <p>${t(text)}</p>
      ${backUrl === undefined ? '' : html`<p><a href="${backUrl}">${t('page.back')}</a></p>`}
    </main>`,
  };
}

/** The 3DS Method in a hidden frame of the payment page, then on to the continue step. */
export function methodBody(
  language: Language,
  methodUrl: string,
  methodData: string,
  action: string,
  transactionId: string,
): Html {
  const t = pageText(language);
  return html`<main class="handover">
    <h1>${t('page.authenticating')}</h1>
    <form id="method-form" method="post" action="${methodUrl}" target="threeDSMethodFrame">
      <input type="hidden" name="threeDSMethodData" value="${methodData}" />
    </form>
    <iframe name="threeDSMethodFrame" title="3-D Secure" hidden></iframe>
    <form id="continue-form" method="post" action="${action}">
      <input type="hidden" name="step" value="continue" /><input
        type="hidden"
        name="threeDSServerTransID"
        value="${transactionId}"
      />
      <noscript
        ><p>${t('page.noscript')}</p>
        <button type="submit">${t('page.continue')}</button></noscript
      >
    </form>
  </main>`;
}
