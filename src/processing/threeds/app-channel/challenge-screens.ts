import { UI_TYPES, type UiType } from '../emv-messages.js';

/**
 * The sandbox issuer's challenge screens for apps (protocols-jose.md §7.8), one per EMV UI type,
 * and how it judges what the SDK sends back. The answers that pass are documented in the README:
 * the one-time code 123456 (text and HTML), "Y" (single select), "01,03" (multi select), and the
 * emulated bank app's approval (out of band).
 */
export const SANDBOX_APP_OTP = '123456';
export const SINGLE_SELECT_PASS = 'Y';
export const MULTI_SELECT_PASS: readonly string[] = ['01', '03'];
/** The HTML screen posts its form here; the SDK hands the body to the ACS as challengeHTMLDataEntry. */
export const HTML_FORM_ACTION = 'HTTPS://EMV3DS/challenge';

/** What the cardholder sees about the purchase. */
export interface ScreenContext {
  readonly merchantName: string;
  readonly amount: string;
  readonly maskedPan: string;
  readonly attemptsLeft: number;
  /** The previous answer was wrong. */
  readonly retry: boolean;
}

/**
 * The screen for a challenge, chosen by the last digit of the purchase amount in minor units so a
 * developer can reach each one with any challenge card: 2 single select, 3 multi select, 4 out of
 * band, 5 HTML, anything else text. A type the SDK cannot render falls back to the first it can.
 */
export function uiTypeFor(purchaseAmount: string, renderable: readonly string[]): UiType {
  const digit = purchaseAmount.at(-1) ?? '0';
  const wanted: UiType = (['2', '3', '4', '5'] as const).includes(digit as '2')
    ? (`0${digit}` as UiType)
    : '01';
  if (renderable.includes(wanted)) return wanted;
  return UI_TYPES.find((type) => renderable.includes(type)) ?? '01';
}

const HEADER = 'Payment authentication';

function infoText(context: ScreenContext, request: string): string {
  const lead = `${context.merchantName}: ${context.amount}, card ${context.maskedPan}.`;
  const retry = context.retry ? ` That was not right; ${context.attemptsLeft} attempt(s) left.` : '';
  return `${lead} ${request}${retry}`;
}

function htmlPage(context: ScreenContext): string {
  const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return [
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Payment authentication</title></head><body>',
    `<p>${escape(infoText(context, 'Enter the code we sent you.'))}</p>`,
    `<form method="POST" action="${HTML_FORM_ACTION}">`,
    '<label>Code <input name="otp" inputmode="numeric" autocomplete="one-time-code"></label>',
    '<button type="submit">Confirm</button></form></body></html>',
  ].join('');
}

/** The UI members of a CRes that asks the cardholder (challengeCompletionInd N). */
export function screenFor(uiType: UiType, context: ScreenContext): Record<string, unknown> {
  const common = { acsUiType: uiType, challengeInfoHeader: HEADER };
  switch (uiType) {
    case '01':
      return {
        ...common,
        challengeInfoLabel: 'One-time code',
        challengeInfoText: infoText(context, 'Enter the code we sent to your phone.'),
        challengeInfoTextIndicator: context.retry ? 'Y' : 'N',
        submitAuthenticationLabel: 'Confirm',
        resendInformationLabel: 'Send a new code',
      };
    case '02':
      return {
        ...common,
        challengeInfoLabel: 'Is this you?',
        challengeInfoText: infoText(context, 'Confirm that you are making this payment.'),
        challengeSelectInfo: [{ Y: 'Yes, I am paying' }, { N: 'No, it is not me' }],
        submitAuthenticationLabel: 'Next',
      };
    case '03':
      return {
        ...common,
        challengeInfoLabel: 'Recent purchases',
        challengeInfoText: infoText(context, 'Select every purchase you made this week.'),
        challengeSelectInfo: [
          { '01': 'Grocery store' },
          { '02': 'Airline ticket' },
          { '03': 'Coffee shop' },
          { '04': 'Electronics store' },
        ],
        submitAuthenticationLabel: 'Next',
      };
    case '04':
      return {
        ...common,
        challengeInfoText: infoText(context, 'Open your bank app and approve the payment, then continue.'),
        oobContinueLabel: 'Continue',
      };
    case '05':
      return { acsUiType: uiType, acsHTML: Buffer.from(htmlPage(context), 'utf8').toString('base64url') };
  }
}

/**
 * pass: authenticated; deny: the cardholder said it is not them (ends at once); fail: a wrong
 * answer (counted); resend: a new code asked for; none: nothing answered (the opening CReq).
 */
export type Verdict = 'pass' | 'fail' | 'deny' | 'resend' | 'none';

function formField(body: string, name: string): string | undefined {
  return new URLSearchParams(body).get(name) ?? undefined;
}

/** Judges one CReq's answer for the screen shown; `oobDecision` is the emulated bank app's. */
export function judge(
  uiType: UiType,
  creq: Readonly<Record<string, unknown>>,
  oobDecision: string | null,
): Verdict {
  if (creq.resendChallenge === 'Y') return 'resend';
  if (creq.challengeNoEntry === 'Y') return 'fail';
  const entry = creq.challengeDataEntry;
  switch (uiType) {
    case '01':
      if (entry === undefined) return 'none';
      return entry === SANDBOX_APP_OTP ? 'pass' : 'fail';
    case '02':
      if (entry === undefined) return 'none';
      if (entry === 'N') return 'deny';
      return entry === SINGLE_SELECT_PASS ? 'pass' : 'fail';
    case '03': {
      if (entry === undefined) return 'none';
      const chosen = typeof entry === 'string' ? entry.split(',').sort() : [];
      return chosen.join(',') === [...MULTI_SELECT_PASS].sort().join(',') ? 'pass' : 'fail';
    }
    case '04':
      if (creq.oobContinue !== true) return 'none';
      if (oobDecision === 'declined') return 'deny';
      return oobDecision === 'approved' ? 'pass' : 'fail';
    case '05': {
      const html = creq.challengeHTMLDataEntry;
      if (typeof html !== 'string') return 'none';
      return formField(html, 'otp') === SANDBOX_APP_OTP ? 'pass' : 'fail';
    }
  }
}
