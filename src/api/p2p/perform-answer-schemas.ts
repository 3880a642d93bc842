import {
  alternatives,
  described,
  joined,
  object,
  TEXT,
  type AnswerSchema,
} from '../answers/answer-schema.js';
import { REST_SUCCESS } from '../answers/success-members.js';
import { INFO, STEP_MEMBERS, STEP_TITLES, type StepKind } from '../rest/three-ds-step-schemas.js';
import { P2P_STATUS_SCHEMA } from './p2p-status-schema.js';

const REFERENCE = described(TEXT, 'The reference of an AFT on network M (19 digits)');

/** performAnswer's members after REST_SUCCESS and info. */
const OUTCOME = object({
  mcTransactionReference: REFERENCE,
  debitTransactionReference: REFERENCE,
  statusResponse: {
    ...P2P_STATUS_SCHEMA,
    description: 'The status resource, for a merchant that has it enabled',
  },
});

const ORDER = object(
  {
    orderId: described(TEXT, 'The gateway order id'),
    orderNumber: described(TEXT, "The merchant's order number, or the one the gateway generated"),
  },
  { required: 'all' },
);

/** instantPerformP2P.do, a transfer decided without 3-D Secure: where the customer goes now. */
const REDIRECT = object({
  redirect: described(
    TEXT,
    'returnUrl (failUrl when declined) with orderId and lang: success without 3-D Secure',
  ),
});

interface PerformAnswerShape {
  /** The steps of 3-D Secure on the debited card the call can answer. */
  readonly steps: readonly StepKind[];
  /** instantPerformP2P.do adds the order it registered. */
  readonly withOrder?: boolean;
}

/**
 * A perform's answers (p2p-api.md performP2P.do response): the transfer done or declined (info
 * says which; statusResponse.orderStatus 2 is done), or a step of 3-D Secure on the debited card.
 */
export function performAnswerSchema({ steps, withOrder = false }: PerformAnswerShape): AnswerSchema {
  const tail = withOrder ? [ORDER] : [];
  const done = joined([REST_SUCCESS, INFO, OUTCOME, ...(withOrder ? [ORDER, REDIRECT] : [])], {
    title: 'Transferred or declined',
  });
  if (steps.length === 0) return done;
  return alternatives([
    done,
    ...steps.map((step) =>
      joined([REST_SUCCESS, INFO, STEP_MEMBERS[step], ...tail], { title: STEP_TITLES[step] }),
    ),
  ]);
}
