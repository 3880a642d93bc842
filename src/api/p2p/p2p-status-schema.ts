import { ORDER_STATUSES } from '../../domain/order-status.js';
import { arrayOf, described, enumOf, INTEGER, mapOf, object, TEXT } from '../answers/answer-schema.js';
import { SUCCESS_CODE, SUCCESS_MESSAGE } from '../answers/success-members.js';

const MASKED_PAN = described(TEXT, 'Masked card number (6 + 4 digits)');
const MINOR = described(INTEGER, 'Minor currency units');

/** One leg of operationList, as p2pStatusView writes it (p2p-api.md leaves the value sets open). */
const LEG = object(
  {
    operationType: enumOf(['DEBIT', 'CREDIT', 'REVERSAL']),
    amount: MINOR,
    currency: TEXT,
    datetime: described(TEXT, 'Unix time in milliseconds, as text'),
    resultCode: described(TEXT, "The processing bank's code (0 approved)"),
    resultCodeDescription: TEXT,
    maskedPan: MASKED_PAN,
    approvalCode: TEXT,
    refNum: described(TEXT, 'Acquirer reference (RRN)'),
    paymentNetRefNum: described(TEXT, 'From status version 7'),
    originalActionCode: described(TEXT, "The network's own response code; from status version 9"),
    schemeTransactionId: described(TEXT, 'Network M only; from status version 9'),
  },
  { required: ['operationType', 'amount', 'currency', 'datetime', 'resultCode'] },
);

/** The status resource of p2p-api.md, as p2pStatusView writes it (getP2PStatus.do, statusResponse). */
export const P2P_STATUS_SCHEMA = object(
  {
    errorCode: SUCCESS_CODE,
    errorMessage: SUCCESS_MESSAGE,
    orderStatus: enumOf(ORDER_STATUSES, '0 registered, 2 transferred, 5 at the ACS, 6 declined'),
    orderNumber: TEXT,
    panMaskedFrom: described(MASKED_PAN, 'The debited card (not for an OCT)'),
    panMaskedTo: described(MASKED_PAN, 'The credited card'),
    amount: MINOR,
    currency: described(TEXT, 'ISO 4217 numeric code'),
    creationDate: described(INTEGER, 'Registration time, Unix milliseconds'),
    orderDescription: TEXT,
    ip: TEXT,
    resultCode: enumOf([0], 'The result of the status request itself: 0, read'),
    rrn: described(TEXT, 'Acquirer reference of the transfer'),
    binding: described(TEXT, 'The stored credential made or used; from status version 3'),
    debitTransactionReference: described(TEXT, 'The reference of an AFT on network M, for the later OCT'),
    paymentNetRefNum: described(TEXT, 'Card-network reference of the transfer; from status version 7'),
    feeAmount: described(MINOR, 'The fee, when there is one'),
    orderParams: mapOf(TEXT, 'The params given at registration, name: value'),
    operationList: arrayOf(LEG, 'The completed legs of the transfer'),
  },
  {
    required: [
      'errorCode',
      'errorMessage',
      'orderStatus',
      'orderNumber',
      'amount',
      'currency',
      'creationDate',
      'resultCode',
      'orderParams',
      'operationList',
    ],
    component: 'P2PStatus',
  },
);
