import type { DirectoryPort } from '../processing/threeds/directory-port.js';
import type { ThreeDsServer } from '../processing/threeds/three-ds-server.js';

/**
 * What an operation needs from 3-D Secure besides the authenticated payment: a merchant's
 * transaction by its id, the card it keeps (to check a repeated request names the same one), and
 * whether apps can authenticate. The 3DS Server in processing/ is what implements it; the API holds
 * this port, never the server (decision 0153).
 */
export type ThreeDsLookup = Pick<
  ThreeDsServer,
  'find' | 'findForMerchant' | 'openCard' | 'appChannelAvailable'
>;

/** verifyEnrollment.do's question to the Directory Server's card ranges (the sandbox ACS answers it). */
export type CardEnrollmentLookup = Pick<DirectoryPort, 'enrollment'>;

/** A card's enrollment as the Directory Server's ranges give it. */
export type CardEnrollment = ReturnType<CardEnrollmentLookup['enrollment']>;
