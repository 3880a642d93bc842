import type { CardBilling } from '../acquirer/acquirer-port.js';
/**
 * The sandbox test cards of test-cards.md as data. `issuer` is what the simulated issuer does with
 * an authorization; `threeDS` is what the simulated ACS will do once 3-D Secure lands (until
 * then every merchant is SSL-only and enrolled cards are authorized directly).
 */
export const THREE_DS_BEHAVIOURS = [
  'frictionless',
  'attempt',
  'challenge',
  'challenge220',
  'authenticationFailed',
  'rejected',
  'unavailable',
  'methodTimeout',
  'v1Only',
  'notEnrolled',
] as const;
export type ThreeDsBehaviour = (typeof THREE_DS_BEHAVIOURS)[number];

export const ISSUER_BEHAVIOURS = [
  'approve',
  'doNotHonour',
  'insufficientFunds',
  'lostCard',
  'expiredCard',
  'cvcMustBe123',
  'limitAbove100000',
  'timeout',
  'followUpAnswerLost',
  'firstAnswerLost',
  'neverReached',
  'reversalRefused',
  'reversalRetryable',
  'answerLostReversalRefused',
] as const;
export type IssuerBehaviour = (typeof ISSUER_BEHAVIOURS)[number];

/** Every card not listed with its own billing is a euro card (so never offered DCC). */
export const EURO_BILLING: CardBilling = {
  currency: '978',
  country: 'DE',
  bankName: 'GATEHOUSE SANDBOX BANK',
};

export interface TestCard {
  readonly pan: string;
  /** The card's billing currency and issuing country; EURO_BILLING when absent. */
  readonly billing?: CardBilling;
  readonly threeDS: ThreeDsBehaviour;
  /** ECI of the authentication result the ACS will give (per network: 05/06/07 V, 02/01/00 M). */
  readonly eci?: string;
  readonly issuer: IssuerBehaviour;
  /** Declined by the issuer after a passed challenge ("do not honour"). */
  readonly declineAfterChallenge?: boolean;
}

export const TEST_CARDS: readonly TestCard[] = [
  { pan: '4111111111111111', threeDS: 'frictionless', eci: '05', issuer: 'approve' },
  { pan: '5555555555555599', threeDS: 'challenge', eci: '02', issuer: 'approve' },
  { pan: '5168494895055780', threeDS: 'authenticationFailed', issuer: 'approve' },
  { pan: '4000001111111118', threeDS: 'attempt', eci: '06', issuer: 'approve' },
  { pan: '4444555511113333', threeDS: 'notEnrolled', eci: '07', issuer: 'approve' },
  { pan: '5000001111111115', threeDS: 'challenge', eci: '02', issuer: 'approve' },
  { pan: '5555555555554444', threeDS: 'frictionless', eci: '02', issuer: 'approve' },
  { pan: '4000000000003220', threeDS: 'challenge', eci: '05', issuer: 'approve' },
  { pan: '5200000000001096', threeDS: 'challenge220', eci: '02', issuer: 'approve' },
  {
    pan: '4000008400001629',
    threeDS: 'challenge',
    eci: '05',
    issuer: 'approve',
    declineAfterChallenge: true,
  },
  { pan: '4000000000003055', threeDS: 'attempt', eci: '06', issuer: 'approve' },
  { pan: '4000000000003063', threeDS: 'authenticationFailed', issuer: 'approve' },
  { pan: '4000000000003121', threeDS: 'rejected', issuer: 'approve' },
  { pan: '4000000000003097', threeDS: 'unavailable', issuer: 'approve' },
  { pan: '4000000000000341', threeDS: 'methodTimeout', eci: '05', issuer: 'approve' },
  { pan: '4000000000001000', threeDS: 'v1Only', eci: '05', issuer: 'approve' },
  { pan: '5100000000000008', threeDS: 'notEnrolled', eci: '00', issuer: 'approve' },
  { pan: '4000000000000010', threeDS: 'notEnrolled', eci: '07', issuer: 'approve' },
  { pan: '4000000000000002', threeDS: 'notEnrolled', issuer: 'doNotHonour' },
  { pan: '4000000000009995', threeDS: 'notEnrolled', issuer: 'insufficientFunds' },
  { pan: '4000000000009987', threeDS: 'notEnrolled', issuer: 'lostCard' },
  { pan: '4000000000000069', threeDS: 'notEnrolled', issuer: 'expiredCard' },
  { pan: '4000000000000127', threeDS: 'notEnrolled', issuer: 'cvcMustBe123' },
  { pan: '4000000000000036', threeDS: 'notEnrolled', issuer: 'limitAbove100000' },
  { pan: '4000000000000119', threeDS: 'notEnrolled', issuer: 'timeout' },
  // Beyond test-cards.md: approved, but the answer to each first capture, reversal or refund is
  // lost on the way back (the acquirer did it); sent again, it is recognized and answered.
  { pan: '4000000000000259', threeDS: 'notEnrolled', issuer: 'followUpAnswerLost' },
  { pan: '2200000000000053', threeDS: 'notEnrolled', issuer: 'approve' },
  // Beyond test-cards.md: the acquirer's faults the money engine must survive (README, test cards).
  // Every call is performed, but the answer to its first sending is lost; a resend or an inquiry gets it.
  { pan: '4000000000000309', threeDS: 'notEnrolled', issuer: 'firstAnswerLost' },
  // The authorization never reaches the acquirer: no answer, and an inquiry finds nothing.
  { pan: '4000000000000317', threeDS: 'notEnrolled', issuer: 'neverReached' },
  // Approved; a reversal of it is refused, retryably at the first sending and for good at the next.
  { pan: '4000000000000325', threeDS: 'notEnrolled', issuer: 'reversalRefused' },
  // Approved; every reversal of it is refused retryably (the engine gives up after its attempts).
  { pan: '4000000000000333', threeDS: 'notEnrolled', issuer: 'reversalRetryable' },
  // Approved, but the answer to its first sending is lost; a reversal of it is refused for good:
  // the money a customer was told "declined" about stays held, and the order must read so.
  { pan: '4000000000000358', threeDS: 'notEnrolled', issuer: 'answerLostReversalRefused' },
  // Beyond test-cards.md: cards billed in other currencies, for dynamic currency conversion.
  {
    pan: '4000009780000009',
    threeDS: 'notEnrolled',
    issuer: 'approve',
    billing: { currency: '978', country: 'FR', bankName: 'BANQUE SANDBOX FRANCE' },
  },
  {
    pan: '4000008400000001',
    threeDS: 'frictionless',
    eci: '05',
    issuer: 'approve',
    billing: { currency: '840', country: 'US', bankName: 'SANDBOX BANK USA' },
  },
  {
    pan: '4000008400000019',
    threeDS: 'notEnrolled',
    issuer: 'approve',
    billing: { currency: '840', country: 'US', bankName: 'SANDBOX BANK USA' },
  },
  {
    pan: '5200008260000005',
    threeDS: 'challenge',
    eci: '02',
    issuer: 'approve',
    billing: { currency: '826', country: 'GB', bankName: 'SANDBOX BANK UK' },
  },
  {
    pan: '4000003920000003',
    threeDS: 'notEnrolled',
    issuer: 'approve',
    billing: { currency: '392', country: 'JP', bankName: 'SANDBOX BANK JAPAN' },
  },
  {
    pan: '4000004140000005',
    threeDS: 'notEnrolled',
    issuer: 'approve',
    billing: { currency: '414', country: 'KW', bankName: 'SANDBOX BANK KUWAIT' },
  },
];

const BY_PAN: ReadonlyMap<string, TestCard> = new Map(TEST_CARDS.map((card) => [card.pan, card]));

/** Any other Luhn-valid number is approved with frictionless 3-D Secure 2 (transStatus Y). */
export function testCardFor(pan: string): TestCard {
  return BY_PAN.get(pan) ?? { pan, threeDS: 'frictionless', issuer: 'approve' };
}

/** The CVC any card declines as incorrect, and the expiry any card declines as invalid (test-cards.md). */
export const DECLINED_CVC = '000';
export const DECLINED_EXPIRY = { year: 2035, month: 10 } as const;
/** 1000.00 in the order currency, in minor units of a two-decimal currency. */
export const LIMIT_CARD_MAX_MINOR = 100_000;
