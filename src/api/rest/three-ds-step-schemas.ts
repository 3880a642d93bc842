import { described, enumOf, object, TEXT, type ObjectSchema } from '../answers/answer-schema.js';
import type { PaymentStep } from '../../services/payment-step.js';

export type StepKind = Exclude<PaymentStep['kind'], 'decided'>;

export const IS_3DS_VER2 = enumOf([true], 'The payment uses 3-D Secure 2');
const TRANSACTION = described(TEXT, 'The 3-D Secure transaction: send it with the repeated request');

/**
 * What each step of 3-D Secure asks the merchant to do, in the members and order threeDsStepMembers
 * (payment-answers.ts) and the wallets' `data` write them: the 3DS Method, a 2.x challenge, a 1.0
 * redirect, and the app channel's two steps.
 */
export const STEP_MEMBERS: Readonly<Record<StepKind, ObjectSchema>> = {
  method: object(
    {
      is3DSVer2: IS_3DS_VER2,
      threeDSServerTransId: TRANSACTION,
      threeDSMethodUrl: described(TEXT, "The ACS's address for gathering browser data, when it has one"),
      threeDSMethodDataPacked: described(TEXT, 'Base64 data to send to threeDSMethodUrl'),
      threeDSMethodUrlServer: described(TEXT, "The 3-D Secure server's address for gathering browser data"),
      threeDSMethodURLServerDirect: described(
        TEXT,
        'Runs the 3DS Method through the gateway (merchant permission threeDSMethodDirect)',
      ),
    },
    { required: ['is3DSVer2', 'threeDSServerTransId', 'threeDSMethodUrlServer'] },
  ),
  challenge: object(
    {
      is3DSVer2: IS_3DS_VER2,
      threeDSServerTransId: TRANSACTION,
      acsUrl: described(TEXT, 'Where the browser posts creq'),
      packedCReq: described(TEXT, 'The value of the creq parameter for acsUrl'),
    },
    { required: 'all' },
  ),
  v1: object(
    {
      acsUrl: described(TEXT, 'Where the browser posts PaReq, MD and TermUrl (3-D Secure 1.0)'),
      paReq: TEXT,
      termUrl: described(TEXT, 'Where the ACS returns the cardholder'),
    },
    { required: 'all' },
  ),
  appMethod: object(
    {
      is3DSVer2: IS_3DS_VER2,
      threeDSServerTransId: TRANSACTION,
      threeDSSDKKey: described(TEXT, "The directory's device data encryption key (PEM) for the app's SDK"),
    },
    { required: 'all' },
  ),
  appChallenge: object(
    {
      is3DSVer2: IS_3DS_VER2,
      threeDSServerTransId: TRANSACTION,
      threeDSAcsTransactionId: TEXT,
      threeDSAcsRefNumber: TEXT,
      threeDSAcsSignedContent: described(TEXT, "The ACS's signed content (JWS) for the app's SDK"),
      threeDSDsTransID: TEXT,
    },
    { required: 'all' },
  ),
};

export const STEP_TITLES: Readonly<Record<StepKind, string>> = {
  method: '3-D Secure 2: run the 3DS Method, then repeat the request with threeDSServerTransId',
  challenge: '3-D Secure 2: the issuer asks for a challenge at acsUrl',
  v1: '3-D Secure 1.0: redirect to the ACS',
  appMethod: "3-D Secure 2 in an app: the SDK's key, then repeat the request with the SDK's values",
  appChallenge: "3-D Secure 2 in an app: the SDK runs the issuer's challenge",
};

/** `info` of a payment's answer: how the attempt ended or what comes next. */
export const INFO = object(
  { info: described(TEXT, 'The result of the attempt, in the request language') },
  { required: 'all' },
);

export const ALL_STEPS: readonly StepKind[] = ['method', 'challenge', 'v1', 'appMethod', 'appChallenge'];
