import { currencyByNumeric } from '../../domain/currencies.js';
import type { Language } from '../../i18n/languages.js';
import type { MessageKey } from '../../i18n/messages-en.js';
import { formatMoney } from '../../i18n/money-format.js';
import type { TransferType } from '../../services/p2p/transfer-rules.js';
import type { OrderRecord } from '../../domain/order-record.js';
import { html, type Html } from './html.js';
import {
  BROWSER_FIELDS,
  cardInput,
  countdownEntry,
  formAlert,
  orderEntries,
  pageText,
  type NoticeWording,
} from './payment-page-view.js';

/** The transfer page's notices: the same situations as a payment's, worded for a transfer. */
export const TRANSFER_NOTICES: NoticeWording = {
  expired: ['page.transfer.expired.title', 'page.transfer.expired.text'],
  paid: ['page.transfer.done.title', 'page.transfer.done.text'],
  declined: ['page.transfer.declined.title', 'page.transfer.declined.text'],
  unknown: ['page.unknown.title', 'page.unknown.text'],
  inProgress: ['page.transfer.inProgress.title', 'page.transfer.inProgress.text'],
};

/** The form's fields, as named in the post. */
export const FROM_FIELDS = {
  pan: 'fromPan',
  expiry: 'fromExpiry',
  cvc: 'fromCvc',
  cardholderName: 'fromCardholderName',
} as const;
export const TO_PAN = 'toPan';

export type TransferField = (typeof FROM_FIELDS)[keyof typeof FROM_FIELDS] | typeof TO_PAN;

export interface TransferFormState {
  readonly errors: Partial<Record<TransferField, true>>;
  readonly fromExpiry?: string;
  readonly fromCardholderName?: string;
  /** Why the transfer cannot be made as it stands (a refusal), shown above the form. */
  readonly alert?: string;
}

export interface TransferTerms {
  readonly type: TransferType;
  readonly amountMinor: number;
  readonly feeMinor: number;
  /** The recipient's stored card (creditBindingId), masked: no card number is asked for it. */
  readonly knownRecipient?: string;
}

function money(minor: number, order: Pick<OrderRecord, 'currency'>, language: Language): string {
  const currency = currencyByNumeric(order.currency) ?? { alpha: 'XXX', exponent: 2 };
  return formatMoney(minor, currency, language);
}

const ERROR_KEYS: Readonly<Record<'pan' | 'expiry' | 'cvc' | 'cardholderName', MessageKey>> = {
  pan: 'page.error.cardNumber',
  expiry: 'page.error.expiry',
  cvc: 'page.error.cvc',
  cardholderName: 'page.error.cardholder',
};

/**
 * The transfer form: the amount, the fee and the total debited shown before the customer
 * confirms; the debited card (not for an OCT) and the recipient's card number (not for an AFT,
 * nor when the recipient's card was registered). Each input names the check the script applies.
 */
export function transferFormBody(
  order: OrderRecord,
  merchantName: string,
  language: Language,
  action: string,
  terms: TransferTerms,
  state: TransferFormState,
  nowMs: number,
): { body: Html; data: string } {
  const t = pageText(language);
  const amount = money(terms.amountMinor, order, language);
  const debits = terms.type !== 'OCT';
  const credits = terms.type !== 'AFT';
  const input = (
    name: TransferField,
    check: keyof typeof ERROR_KEYS,
    label: MessageKey,
    attributes: Html,
    hint?: MessageKey,
  ) =>
    cardInput(t, {
      name,
      label,
      errorKey: ERROR_KEYS[check],
      invalid: state.errors[name] === true,
      attributes: html`data-check="${check}" ${attributes}`,
      ...(hint === undefined ? {} : { hint }),
    });
  const body = html`<main>
    <h1>${t('page.transfer.title')}</h1>
    <dl class="summary">
      ${orderEntries(t, merchantName, order)}
      <dt>${t('page.transfer.amount')}</dt>
      <dd id="amount">${amount}</dd>
      ${
        debits
          ? html`<dt>${t('page.transfer.fee')}</dt>
              <dd id="fee">${money(terms.feeMinor, order, language)}</dd>
              <dt>${t('page.transfer.total')}</dt>
              <dd id="total">${money(terms.amountMinor + terms.feeMinor, order, language)}</dd>`
          : ''
      }
      ${countdownEntry(t('page.transfer.timeLeft'), order, action, nowMs)}
    </dl>
    ${formAlert(t, state)}
    <form id="transfer-form" method="post" action="${action}" novalidate>
      <input type="hidden" name="step" value="transfer" />
      ${BROWSER_FIELDS}
      ${
        debits
          ? html`<fieldset id="from-card">
              <legend>${t('page.transfer.fromCard')}</legend>
              ${input(FROM_FIELDS.pan, 'pan', 'page.cardNumber', html`type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23"`)}
              ${input(FROM_FIELDS.expiry, 'expiry', 'page.expiry', html`type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="7" value="${state.fromExpiry ?? ''}"`)}
              ${input(FROM_FIELDS.cardholderName, 'cardholderName', 'page.cardholder', html`type="text" autocomplete="cc-name" maxlength="45" value="${state.fromCardholderName ?? ''}"`, 'page.cardholderHint')}
              ${input(FROM_FIELDS.cvc, 'cvc', 'page.cvc', html`type="password" inputmode="numeric" autocomplete="cc-csc" maxlength="3" required`, 'page.cvcHint')}
            </fieldset>`
          : ''
      }
      ${
        credits
          ? html`<fieldset id="to-card">
              <legend>${t('page.transfer.toCard')}</legend>
              ${
                terms.knownRecipient === undefined
                  ? input(
                      TO_PAN,
                      'pan',
                      'page.cardNumber',
                      html`type="text" inputmode="numeric" autocomplete="off" maxlength="23"`,
                    )
                  : html`<p id="known-recipient">
                      ${t('page.transfer.knownRecipient', { card: terms.knownRecipient })}
                    </p>`
              }
            </fieldset>`
          : ''
      }
      <button id="transfer-button" type="submit">${t('page.transfer.submit', { amount })}</button>
    </form>
    <p class="note">${t('page.secureNote')}</p>
  </main>`;
  const data = JSON.stringify({
    pan: t('page.error.cardNumber'),
    expiry: t('page.error.expiry'),
    cvc: t('page.error.cvc'),
    cardholderName: t('page.error.cardholder'),
    summary: t('page.errorSummary'),
    processing: t('page.transfer.processing'),
  });
  return { body, data };
}

/** A transfer page's state after a refused post: which fields to mark, what to show again (never a PAN or CVC). */
export function transferState(
  fields: Readonly<Record<string, string>>,
  errors: TransferFormState['errors'],
  alert?: string,
): TransferFormState {
  return {
    errors,
    fromExpiry: fields[FROM_FIELDS.expiry] ?? '',
    fromCardholderName: fields[FROM_FIELDS.cardholderName] ?? '',
    ...(alert === undefined ? {} : { alert }),
  };
}
