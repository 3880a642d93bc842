import { luhnValid } from '../../domain/card-rules.js';
import { LANGUAGES } from '../../i18n/languages.js';
import { invalidParam } from '../../domain/refusals.js';
import type { CardEnrollment, CardEnrollmentLookup } from '../../services/three-ds-lookup.js';
import { defineOperation, type Operation } from '../operation.js';
import { param } from '../params/param-table.js';
import { oneOf, text } from '../params/scalar-types.js';
import { PAN_RULE } from '../params/card-rules.js';
import { described, enumOf, joined, object, TEXT } from '../answers/answer-schema.js';
import { REST_SUCCESS } from '../answers/success-members.js';

/**
 * What the issuer's bank is called and where it is: the sandbox knows no issuing banks, so it
 * answers as the vendor's test environment names its cards, with the country left unknown as in
 * getOrderStatusExtended.do's bankInfo (docs/decisions/0072-verifyenrollmentdo.md).
 */
export const SANDBOX_EMITTER = { name: 'TEST CARD', countryCode: 'UNKNOWN' } as const;

/** Y: the card range has an ACS (3-D Secure 2 or 1.0); N: the card is not enrolled. */
function enrolledFlag(enrollment: CardEnrollment): 'Y' | 'N' {
  return enrollment.kind === 'notEnrolled' ? 'N' : 'Y';
}

const ENROLLED = enumOf(['Y', 'N'], 'Y: the card range has an ACS (3-D Secure 2 or 1.0); N: not enrolled');

const VERIFY_ENROLLMENT_ANSWER_SCHEMA = joined([
  REST_SUCCESS,
  object(
    {
      isEnrolled: ENROLLED,
      enrolled: described(ENROLLED, 'isEnrolled again, as client libraries read it'),
      emitterName: described(TEXT, 'The issuing bank'),
      emitterCountryCode: described(TEXT, "The issuing bank's country; UNKNOWN in the sandbox"),
    },
    { required: 'all' },
  ),
]);

const VERIFY_ENROLLMENT_PARAMS = [
  param('pan', 'mandatory', text(15, 19, PAN_RULE), { note: 'Luhn-checked; never echoed' }),
  param('language', 'optional', oneOf(LANGUAGES)),
] as const;

/** verifyEnrollment.do: is this card enrolled in 3-D Secure, from the Directory Server's card ranges. */
export function verifyEnrollment(directory: CardEnrollmentLookup): Operation {
  return defineOperation({
    path: '/payment/rest/verifyEnrollment.do',
    encoding: 'form',
    envelope: 'rest',
    summary: 'Tells whether a card is enrolled in 3-D Secure (Y or N), with its issuing bank',
    params: VERIFY_ENROLLMENT_PARAMS,
    answer: VERIFY_ENROLLMENT_ANSWER_SCHEMA,
    handle(params, context) {
      if (!luhnValid(params.pan)) return Promise.reject(invalidParam('pan', 'reason.cardNumber'));
      const enrolled = enrolledFlag(directory.enrollment(params.pan));
      return Promise.resolve({
        errorCode: '0',
        errorMessage: context.message('success'),
        // The vendor's documentation names it isEnrolled; client libraries also read `enrolled`.
        isEnrolled: enrolled,
        enrolled,
        emitterName: SANDBOX_EMITTER.name,
        emitterCountryCode: SANDBOX_EMITTER.countryCode,
      });
    },
  });
}
