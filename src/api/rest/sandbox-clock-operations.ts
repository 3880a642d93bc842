import { CLOCK_DURATION_SHAPE, parseClockDuration } from '../../domain/clock-duration.js';
import { invalidParam, Refusal } from '../../domain/refusals.js';
import { LANGUAGES } from '../../i18n/languages.js';
import type { ClockAdvanced, ClockEvent, SandboxClockAdvance } from '../../jobs/sandbox-clock-advance.js';
import type { ClockReading, SandboxClocks } from '../../services/sandbox-clock/sandbox-clocks.js';
import {
  arrayOf,
  described,
  enumOf,
  INTEGER,
  joined,
  object,
  TEXT,
  type ObjectSchema,
} from '../answers/answer-schema.js';
import { REST_SUCCESS } from '../answers/success-members.js';
import { defineOperation, type Operation, type OperationContext } from '../operation.js';
import { param } from '../params/param-table.js';
import { dateTime, oneOf, text } from '../params/scalar-types.js';
import type { ValueType } from '../params/value-type.js';

/** The sandbox's own addresses: not the real gateway's API, absent under GATEHOUSE_ENV=production. */
export const SANDBOX_PATH_PREFIX = '/payment/rest/sandbox/';

/** The test clocks as the operations reach them (gatehouse.sandboxClocks). */
export interface SandboxClockServices {
  readonly clocks: Pick<SandboxClocks, 'refresh' | 'read' | 'reset'>;
  readonly advance: Pick<SandboxClockAdvance, 'advance'>;
}

/** `by`: 7d, 36h, 1d12h, 90m, 3600s, 2w; its milliseconds. */
function clockDuration(): ValueType<number> {
  return {
    doc: { type: 'string', minLength: 2, maxLength: 40, pattern: CLOCK_DURATION_SHAPE.source },
    parse(raw, path) {
      const ms = typeof raw === 'string' && raw.length <= 40 ? parseClockDuration(raw) : undefined;
      if (ms === undefined) throw invalidParam(path, 'reason.clockDuration');
      return ms;
    },
  };
}

const ACTING = [
  param('merchantLogin', 'optional', text(1, 255), { note: "a child's (or granted merchant's) clock" }),
  param('language', 'optional', oneOf(LANGUAGES)),
] as const;

const ADVANCE_PARAMS = [
  param('by', 'conditional', clockDuration(), {
    note: 'how far to move the clock: 7d, 36h, 1d12h, 90m, 3600s or 2w; this or `to`',
  }),
  param('to', 'conditional', dateTime(), {
    note: 'the moment to move the clock to (UTC, read as expirationDate is); this or `by`',
  }),
  ...ACTING,
] as const;

const EPOCH_MS = described(INTEGER, "Unix time in milliseconds, on the merchant's clock");

const CLOCK_SCHEMA = joined([
  REST_SUCCESS,
  object(
    {
      clock: described(INTEGER, "The merchant's clock now, Unix milliseconds"),
      clockOffset: described(INTEGER, 'How far ahead of real time it reads, in milliseconds (0: real time)'),
    },
    { required: 'all' },
  ),
]);

const EVENT_SCHEMA = object(
  {
    what: enumOf(
      ['expired', 'completed', 'reversed', 'callback'],
      "expired: an unpaid order's session ended; completed/reversed: a hold's automatic capture or reversal; callback: a callback attempt",
    ),
    date: EPOCH_MS,
    orderId: described(TEXT, 'The order (expired, completed, reversed)'),
    orderNumber: described(TEXT, "The merchant's order number (expired, completed, reversed)"),
    outcome: enumOf(
      ['done', 'retry', 'dead'],
      'A callback attempt: delivered, to be retried at its backoff, or given up on',
    ),
  },
  { required: ['what', 'date'] },
);

const ADVANCE_SCHEMA: ObjectSchema = joined([
  REST_SUCCESS,
  object(
    {
      clockBefore: described(INTEGER, "The merchant's clock before the move, Unix milliseconds"),
      clockAfter: described(INTEGER, "The merchant's clock after it, Unix milliseconds"),
      events: arrayOf(EVENT_SCHEMA, 'What became due on the way and was run, in time order'),
      moreDue: enumOf(
        [true],
        'Present when more became due than one move runs (500 items): the jobs take the rest',
      ),
    },
    { required: ['clockBefore', 'clockAfter', 'events'] },
  ),
]);

function success(context: OperationContext) {
  return { errorCode: '0', errorMessage: context.message('success') };
}

function clockAnswer(context: OperationContext, reading: ClockReading): object {
  return { ...success(context), clock: reading.nowMs, clockOffset: reading.offsetMs };
}

function eventView(event: ClockEvent): object {
  return event.what === 'callback'
    ? { what: event.what, date: event.atMs, outcome: event.outcome }
    : { what: event.what, date: event.atMs, orderId: event.orderId, orderNumber: event.orderNumber };
}

function advancedAnswer(context: OperationContext, advanced: ClockAdvanced): object {
  return {
    ...success(context),
    clockBefore: advanced.fromMs,
    clockAfter: advanced.toMs,
    events: advanced.events.map(eventView),
    ...(advanced.moreDue ? { moreDue: true } : {}),
  };
}

/**
 * The sandbox test clocks for a merchant's own API users (issue 45): move the acting merchant's
 * clock forward and see what became due on the way, read it, or put it back on real time before
 * the first order. The sandbox's own operations, not the real gateway's: served only outside
 * GATEHOUSE_ENV=production, where an address of them answers as any unknown address does.
 */
export function sandboxClockOperations(clocks: SandboxClockServices | undefined): Operation[] {
  if (clocks === undefined) return [];
  return [
    defineOperation({
      path: `${SANDBOX_PATH_PREFIX}advanceClock.do`,
      encoding: 'form',
      envelope: 'rest',
      summary:
        "Sandbox only: moves the merchant's test clock forward and runs what became due on the way (expiries, automatic hold actions, callbacks), in time order",
      params: ADVANCE_PARAMS,
      onBehalfParam: 'merchantLogin',
      mutates: true,
      answer: ADVANCE_SCHEMA,
      async handle(params, context) {
        if (params.by !== undefined && params.to !== undefined)
          throw new Refusal('PARAM_CONFLICT', { param: 'by', other: 'to' });
        const move =
          params.by !== undefined
            ? { byMs: params.by }
            : params.to !== undefined
              ? { toMs: params.to }
              : undefined;
        if (move === undefined) throw new Refusal('PARAM_MISSING', { param: 'by' });
        return advancedAnswer(context, await clocks.advance.advance(context.merchant.id, move));
      },
    }),
    defineOperation({
      path: `${SANDBOX_PATH_PREFIX}getClock.do`,
      encoding: 'form',
      envelope: 'rest',
      summary: "Sandbox only: reads the merchant's test clock",
      params: ACTING,
      onBehalfParam: 'merchantLogin',
      answer: CLOCK_SCHEMA,
      async handle(_params, context) {
        // Another node may have moved it since this one last read the clocks.
        await clocks.clocks.refresh();
        return clockAnswer(context, clocks.clocks.read(context.merchant.id));
      },
    }),
    defineOperation({
      path: `${SANDBOX_PATH_PREFIX}resetClock.do`,
      encoding: 'form',
      envelope: 'rest',
      summary:
        "Sandbox only: puts the merchant's test clock back on real time; refused once the merchant has an order",
      params: ACTING,
      onBehalfParam: 'merchantLogin',
      mutates: true,
      answer: CLOCK_SCHEMA,
      async handle(_params, context) {
        return clockAnswer(context, await clocks.clocks.reset(context.merchant.id));
      },
    }),
  ];
}
