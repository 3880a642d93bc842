import type { ConsoleAuditRecord } from '../../domain/console-audit-record.js';
import type { StoryAuthentication, StoryOperation } from '../../domain/console-order-views.js';
import { actionCodeMessage } from '../../api/rest/order-status-view.js';
import { ACTION_CODE } from '../../domain/action-codes.js';
import { ORDER_STATUS } from '../../domain/order-status.js';
import { translate } from '../../i18n/translate.js';
import type { OrderStory } from '../../services/console/console-orders.js';
import { html, type Html } from '../pages/html.js';
import { outcomeText } from './audit-outcome.js';
import { CONSOLE_LANGUAGE, money, when } from './console-text.js';
import { timeHtml } from './local-time.js';
import { pageText, type OrderPageText } from './order-page-text.js';

/** One line of the story: a sentence a support person reads, and the engineer's facts behind it. */
export interface StoryEvent {
  readonly atMs: number;
  readonly sentence: string;
  readonly detail: readonly (readonly [string, string])[];
}

/** The reason of an action code in words, without the "Declined:" its message starts with. */
export function reasonOf(actionCode: number): string | undefined {
  const key = actionCodeMessage(actionCode);
  if (key === undefined) return undefined;
  const words = translate(CONSOLE_LANGUAGE, { key }).replace(/^Declined( by the issuer)?: /, '');
  return words.charAt(0).toLowerCase() + words.slice(1);
}

/** A detail row when the value is known: an absent value is left out, never shown empty. */
function known(name: string, value: string | number | null | undefined): (readonly [string, string])[] {
  return value === null || value === undefined || value === '' ? [] : [[name, String(value)]];
}

function authenticationSentence(row: StoryAuthentication): OrderPageText {
  if (row.ares_status === 'C' || (row.protocol === '1' && row.ares_status === null)) {
    if (row.rreq_status === 'Y' || row.rreq_status === 'A') return 'secureChallengePassed';
    if (row.challenge_cancel !== null) return 'secureChallengeCancelled';
    if (row.rreq_status !== null) return 'secureChallengeFailed';
    return row.protocol === '1' ? 'secureV1' : 'secureChallengeStarted';
  }
  switch (row.ares_status) {
    case 'Y':
      return 'secureFrictionless';
    case 'A':
      return 'secureAttempted';
    case 'N':
      return 'secureFailed';
    case 'R':
      return 'secureRejected';
    case null:
      return 'secureStarted';
    default:
      return 'secureUnavailable';
  }
}

function authenticationEvent(row: StoryAuthentication): StoryEvent {
  return {
    atMs: row.created_at_ms,
    sentence: pageText(authenticationSentence(row)),
    detail: [
      ['3-D Secure', `${row.message_version} (${row.device_channel === '01' ? 'app' : 'browser'})`],
      ['3DS Server transaction', row.id],
      ['Stage', row.stage],
      ...known('ARes status', row.ares_status),
      ...known('ARes reason', row.ares_reason),
      ...known('RReq status', row.rreq_status),
      ...known('RReq reason', row.rreq_reason),
      ...known('Challenge cancel', row.challenge_cancel),
      ...known('ECI', row.eci),
      ...known('DS transaction', row.ds_trans_id),
      ...known('ACS transaction', row.acs_trans_id),
    ],
  };
}

/** What each kind of step did when approved, and how the others name it. */
const KIND_WORDS: Readonly<Record<string, { readonly done: OrderPageText; readonly noun: OrderPageText }>> = {
  authorization: { done: 'approvedHeld', noun: 'authorizationNoun' },
  debit: { done: 'debitApproved', noun: 'debitNoun' },
  capture: { done: 'captured', noun: 'captureNoun' },
  reversal: { done: 'reversed', noun: 'reversalNoun' },
  refund: { done: 'refunded', noun: 'refundNoun' },
  credit: { done: 'credited', noun: 'creditNoun' },
  transferCredit: { done: 'transferCredited', noun: 'transferCreditNoun' },
  authorizationReversal: { done: 'compensated', noun: 'compensationNoun' },
  debitReversal: { done: 'compensated', noun: 'compensationNoun' },
};

function operationSentence(story: OrderStory, operation: StoryOperation): string {
  const { order } = story;
  const dcc =
    operation.dcc_amount_minor === null ? '' : ` (${money(operation.dcc_amount_minor, order.dcc_currency)})`;
  const amount = `${money(operation.amount_minor, operation.currency)}${dcc}`;
  const words = KIND_WORDS[operation.kind] ?? { done: 'captured', noun: 'captureNoun' };
  const noun = pageText(words.noun, { amount });
  switch (operation.state) {
    case 'approved':
      if (operation.kind === 'authorization' && order.two_phase === 0)
        return pageText('approvedPaid', { amount });
      return pageText(words.done, { amount });
    case 'declined': {
      const reason = reasonOf(operation.action_code);
      return reason === undefined
        ? pageText('stepDeclined', { noun })
        : pageText('stepDeclinedWhy', { noun, reason });
    }
    case 'pending':
      return pageText('stepPending', { noun });
    case 'needsAttention':
      return pageText('stepAttention', { noun });
    default:
      return pageText('stepResolved', {
        operator: operation.resolved_by ?? 'A person',
        noun,
        note: operation.resolution_note ?? '',
      });
  }
}

function operationEvent(story: OrderStory, operation: StoryOperation): StoryEvent {
  return {
    atMs: operation.created_at_ms,
    sentence: operationSentence(story, operation),
    detail: [
      ['Step', `${operation.kind}, ${operation.state}`],
      ['Operation id', operation.id],
      ['Action code', String(operation.action_code)],
      ...known('RRN', operation.rrn),
      ...known('Approval code', operation.approval_code),
      ...known('External id', operation.external_id),
      ['Step attempts', String(operation.attempts)],
      ...known('Last error', operation.last_error),
      ...known('Answered (UTC)', when(operation.completed_at_ms)),
      ...known('Resolved (UTC)', when(operation.resolved_at_ms)),
    ],
  };
}

/** How a callback's attempt or state reads. */
const CALLBACK_WORDS: Readonly<Record<string, OrderPageText>> = {
  delivered: 'callbackDelivered',
  retry: 'callbackRetry',
  dead: 'callbackDead',
  pending: 'callbackWaiting',
};

function callbackEvents(story: OrderStory): StoryEvent[] {
  return story.callbacks.flatMap((callback) => {
    const about: (readonly [string, string])[] = [
      ['Callback operation', callback.operation],
      ['Callback id', callback.id],
      ...known('Request id', callback.request_id),
    ];
    const attempts = story.callbackAttempts.filter((attempt) => attempt.callback_id === callback.id);
    if (attempts.length === 0)
      return [
        {
          atMs: callback.delivered_at_ms ?? callback.created_at_ms,
          sentence: pageText(CALLBACK_WORDS[callback.state] ?? 'callbackWaiting'),
          detail: [
            ...about,
            ['State', callback.state],
            ['Attempts', String(callback.attempts)],
            ...known('Last error', callback.last_error),
          ],
        },
      ];
    return attempts.map((attempt, index) => ({
      atMs: attempt.at_ms,
      sentence: pageText(CALLBACK_WORDS[attempt.outcome] ?? 'callbackRetry'),
      detail: [...about, ['Attempt', String(index + 1)], ...known('Answer', attempt.detail)],
    }));
  });
}

/** An operator's action in words: what was done, or what was tried and why it was not. */
const ACTION_WORDS: Readonly<Record<string, { readonly did: string; readonly do: string }>> = {
  capture: { did: 'captured {amount}', do: 'capture {amount}' },
  reverse: { did: 'reversed {amount}', do: 'reverse {amount}' },
  refund: { did: 'refunded {amount}', do: 'refund {amount}' },
  decline: { did: 'declined the order', do: 'decline the order' },
  replay: { did: 'sent a callback again', do: 'send a callback again' },
  resolve: { did: 'resolved a step', do: 'resolve a step' },
};

function auditEvent(entry: ConsoleAuditRecord): StoryEvent {
  const amount = money(entry.amount_minor, entry.currency);
  const words = ACTION_WORDS[entry.action] ?? { did: entry.action, do: entry.action };
  const fill = (template: string) => template.replace('{amount}', amount).trim();
  const outcome = outcomeText(entry);
  return {
    atMs: entry.at_ms,
    sentence:
      entry.outcome === 'done'
        ? pageText('operatorDid', { operator: entry.operator_email, did: fill(words.did) })
        : pageText('operatorTried', { operator: entry.operator_email, do: fill(words.do), outcome }),
    detail: [
      ['Console action', entry.action],
      ['Outcome', outcome],
      ['Audit entry', entry.id],
      ...known('Note', noteOf(entry.details)),
    ],
  };
}

function noteOf(details: string | null): string | undefined {
  if (details === null) return undefined;
  try {
    const note = (JSON.parse(details) as { note?: unknown }).note;
    return typeof note === 'string' ? note : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How an order that ended unpaid ended, when no declined step says it: 3-D Secure declines and
 * expiries change the order alone.
 */
function endingEvent(story: OrderStory): StoryEvent[] {
  const { order } = story;
  if (order.status !== ORDER_STATUS.declined) return [];
  if (story.operations.some((operation) => operation.state === 'declined')) return [];
  const reason = reasonOf(order.action_code);
  const expired =
    order.action_code === ACTION_CODE.paymentExpired || order.action_code === ACTION_CODE.acsNotReturned;
  const sentence =
    reason === undefined
      ? pageText('orderDeclinedPlain')
      : pageText(expired ? 'orderExpired' : 'orderDeclined', { reason });
  return [{ atMs: order.updated_at_ms, sentence, detail: [['Action code', String(order.action_code)]] }];
}

/** Everything that happened to the order, oldest first (a story reads from its start). */
export function storyEvents(story: OrderStory): StoryEvent[] {
  const { order } = story;
  const registered: StoryEvent = {
    atMs: order.created_at_ms,
    sentence: pageText('registered', { amount: money(order.amount_minor, order.currency) }),
    detail: [
      ['Order id', order.id],
      ['Order number', order.order_number],
      ['Phases', order.two_phase === 1 ? 'two (hold, then capture)' : 'one'],
      ['Expires (UTC)', when(order.expires_at_ms)],
      ...known('Client id', order.client_id),
      ...known('Description', order.description),
    ],
  };
  const list: StoryEvent[] = [
    registered,
    ...story.visits.map((visit) => ({
      atMs: visit.at_ms,
      sentence: pageText('visited', { page: visit.page }),
      detail: [['Visit', visit.id] as const],
    })),
    ...story.authentications.map(authenticationEvent),
    ...story.operations.map((operation) => operationEvent(story, operation)),
    ...endingEvent(story),
    ...callbackEvents(story),
    ...story.actions.map(auditEvent),
  ];
  // Stable: two events of one millisecond keep the order above (registration, then what followed).
  return list.sort((a, b) => a.atMs - b.atMs);
}

/** The story as a list of sentences, each with its facts one click away (no script needed). */
export function timelineHtml(story: OrderStory): Html {
  return html`<ol class="timeline">
    ${storyEvents(story).map(
      (event) =>
        html`<li>
          <div class="when">${timeHtml(event.atMs)}</div>
          <p class="sentence">${event.sentence}</p>
          <details>
            <summary>${pageText('engineering')}</summary>
            <dl>
              ${event.detail.map(
                ([name, value]) =>
                  html`<dt>${name}</dt>
                    <dd>${value}</dd>`,
              )}
            </dl>
          </details>
        </li>`,
    )}
  </ol>`;
}
