/**
 * Members an answer sends as "" although the spec types them with a minimum length of 1 or more.
 * merchant-api.md's Notation sends an empty value only for a Mandatory member without a value; an
 * optional member without one is left out. The tables below are the spec's, as written, so a
 * reader can hold them against merchant-api.md and p2p-api.md; a path names members with `.` and
 * every element of an array with `*`.
 */

/** The kinds of answer the spec has a table for. */
export const ANSWER_KINDS = [
  /** instantPayment.do, motoPayment.do, paymentOrderBinding.do, instantRefund.do: the instant payment response. */
  'instantPayment',
  /** getOrderStatus.do: the REST order status block on its own. */
  'restOrderStatus',
  /** getOrderStatusExtended.do: the spec shows no table (gateway-facts §2.6 gives its members). */
  'orderStatusExtended',
  /** wallet-a/payment.do, wallet-a/paymentDirect.do, wallet-b/payment.do. */
  'walletPayment',
  /** getP2PStatus.do: the status resource. */
  'p2pStatus',
  /** performP2P.do, performP2PByBinding.do, instantPerformP2P.do, finishThreeDsVer2.do. */
  'p2pPerform',
] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

/** Member path -> its type as the spec's table writes it. */
type Table = Readonly<Record<string, string>>;

function nested(prefix: string, table: Table): Table {
  return Object.fromEntries(Object.entries(table).map(([path, type]) => [`${prefix}.${path}`, type]));
}

/** merchant-api.md, Errors: every REST reply. */
const REST_ERRORS: Table = { errorCode: 'String [1..2]', errorMessage: 'String [1..512]' };

/** merchant-api.md, "REST order status block" (names capitalised as written), with its payerData element. */
const REST_ORDER_STATUS_BLOCK: Table = {
  ErrorCode: 'String [1..2]',
  ErrorMessage: 'String [1..512]',
  OrderNumber: 'String [1..36]',
  expiration: 'Integer [6]',
  cardholderName: 'String [1..26]',
  approvedAmount: 'Integer [0..12]',
  depositAmount: 'Integer [1..12]',
  currency: 'String [3]',
  approvalCode: 'String [6]',
  authCode: 'Integer [6]',
  Pan: 'String [1..19]',
  Amount: 'Integer [0..12]',
  Ip: 'String [1..39]',
  originalActionCode: 'String [1..15]',
  rrn: 'Integer [1..12]',
  paymentNetRefNum: 'String [1..512]',
  'payerData.paymentAccountReference': 'String [1..29]',
};

/** merchant-api.md, "Wallet order status block" (lower-case names). */
const WALLET_ORDER_STATUS_BLOCK: Table = {
  errorCode: 'String [1..2]',
  errorMessage: 'String [1..512]',
  orderNumber: 'String [1..36]',
  actionCodeDescription: 'String [1..512]',
  amount: 'Integer [0..12]',
  currency: 'String [3]',
  ip: 'String [1..39]',
  'merchantOrderParams.*.name': 'String [1..255]',
  'merchantOrderParams.*.value': 'String [1..1024]',
  'attributes.*.name': 'String [1..255]',
  'attributes.*.value': 'String [1..1024]',
  'cardAuthInfo.cardholderName': 'String [1..26]',
  'cardAuthInfo.approvalCode': 'String [6]',
  'cardAuthInfo.detokenizedPanRepresentation': 'String [1..19]',
  terminalId: 'String [1..10]',
  authRefNum: 'String [1..24]',
  'paymentAmountInfo.approvedAmount': 'Integer [0..12]',
  'paymentAmountInfo.depositedAmount': 'Integer [1..12]',
  'paymentAmountInfo.refundedAmount': 'Integer [1..12]',
  'paymentAmountInfo.totalAmount': 'Integer [1..20]',
  'bankInfo.bankCountryName': 'String [1..160]',
  'payerData.paymentAccountReference': 'String [1..29]',
};

/** The 3-D Secure 2 first response of instantPayment.do; the P2P perform answers take its types. */
const THREE_DS_FIRST_RESPONSE: Table = {
  threeDSServerTransId: 'String [1..36]',
  threeDSMethodUrl: 'String [1..512]',
  threeDSMethodUrlServer: 'String [1..512]',
  threeDSMethodDataPacked: 'String [1..1024]',
  threeDSMethodURLServerDirect: 'String [1..512]',
};

/** merchant-api.md, instantPayment.do response. */
const INSTANT_PAYMENT: Table = {
  errorCode: 'String [1..2]',
  error: 'String [1..512]',
  orderId: 'String [1..36]',
  redirect: 'String [1..512]',
  termUrl: 'String [1..512]',
  acsUrl: 'String [1..512]',
  paReq: 'String [1..255]',
  ...THREE_DS_FIRST_RESPONSE,
  ...nested('orderStatus', REST_ORDER_STATUS_BLOCK),
};

/**
 * getOrderStatusExtended.do: "other response members: not shown", so only what the spec types for
 * every order and every REST reply applies (its other members follow gateway-facts §2.6, whose
 * worked example of the real gateway sends actionCodeDescription "").
 */
const ORDER_STATUS_EXTENDED: Table = {
  ...REST_ERRORS,
  orderNumber: 'String [1..36]',
  currency: 'String [3]',
};

/** merchant-api.md, wallet-a/payment.do response (wallet-a/paymentDirect.do answers the same). */
const WALLET_PAYMENT: Table = {
  'data.orderId': 'String [1..36]',
  'error.code': 'String [1..3]',
  'error.description': 'String [1..598]',
  'error.message': 'String [1..512]',
  ...nested('orderStatus', WALLET_ORDER_STATUS_BLOCK),
};

/** p2p-api.md, "Status resource (statusResponse and getP2PStatus)" with the members of operationList. */
const P2P_STATUS: Table = {
  errorCode: 'String [1..2]',
  errorMessage: 'String [1..512]',
  orderNumber: 'String [1..36]',
  panMaskedFrom: 'String [1..19]',
  panMaskedTo: 'String [1..19]',
  amount: 'Integer [0..12]',
  currency: 'String [3]',
  orderDescription: 'String [1..600]',
  ip: 'String [1..39]',
  detokenizedPanRepresentation: 'String [1..19]',
  paymentNetRefNum: 'String [1..512]',
  debitTransactionReference: 'String [1..19]',
  'payerData.paymentAccountReference': 'String [1..29]',
  'operationList.*.amount': 'Integer [0..12]',
  'operationList.*.currency': 'String [3]',
  'operationList.*.resultCodeDescription': 'String [1..512]',
  'operationList.*.maskedPan': 'String [1..19]',
  'operationList.*.cardholderName': 'String [1..26]',
  'operationList.*.approvalCode': 'String [6]',
  'operationList.*.refNum': 'String [12]',
  'operationList.*.paymentNetRefNum': 'String [1..512]',
  'operationList.*.originalActionCode': 'String [1..15]',
  'operationList.*.schemeTransactionId': 'String [1..22]',
};

/** p2p-api.md, performP2P.do response (performP2PByBinding.do's "as for performP2P.do"), plus instantPerformP2P.do's. */
const P2P_PERFORM: Table = {
  errorCode: 'String [1..2]',
  errorMessage: 'String [1..512]',
  acsUrl: 'String [1..512]',
  paReq: 'String [1..255]',
  termUrl: 'String [1..512]',
  originalPaymentNetRefNum: 'String [1..36]',
  mcTransactionReference: 'String [1..19]',
  debitTransactionReference: 'String [1..19]',
  ...THREE_DS_FIRST_RESPONSE,
  ...nested('statusResponse', P2P_STATUS),
  orderId: 'String [1..36]',
  orderNumber: 'String [1..36]',
  redirect: 'String [1..512]',
};

const TABLES: Readonly<Record<AnswerKind, Table>> = {
  instantPayment: INSTANT_PAYMENT,
  restOrderStatus: REST_ORDER_STATUS_BLOCK,
  orderStatusExtended: ORDER_STATUS_EXTENDED,
  walletPayment: WALLET_PAYMENT,
  p2pStatus: P2P_STATUS,
  p2pPerform: P2P_PERFORM,
};

/** The smallest length a type such as `String [1..26]` or `String [6]` allows; 0 when it gives none. */
export function minimumLength(type: string): number {
  const bounds = /\[(\d+)(?:\.\.\d+)?\]/.exec(type);
  return bounds === null ? 0 : Number(bounds[1]);
}

/** The paths of a kind of answer whose type allows no empty value. */
function nonEmptyPaths(kind: AnswerKind): ReadonlySet<string> {
  return new Set(
    Object.entries(TABLES[kind])
      .filter(([, type]) => minimumLength(type) >= 1)
      .map(([path]) => path),
  );
}

/**
 * The members of `answer` sent as "" whose spec type (for this kind of answer) has a minimum
 * length of 1 or more, as paths with array indices (`operationList[0].resultCodeDescription`).
 * An empty list: the answer is clean.
 */
export function emptyMembersOf(answer: unknown, kind: AnswerKind): string[] {
  const typed = nonEmptyPaths(kind);
  const found: string[] = [];
  const walk = (value: unknown, pattern: string, shown: string): void => {
    if (value === '') {
      if (typed.has(pattern)) found.push(shown);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, `${pattern}.*`, `${shown}[${index}]`));
    } else if (typeof value === 'object' && value !== null) {
      for (const [name, member] of Object.entries(value)) {
        walk(member, pattern === '' ? name : `${pattern}.${name}`, shown === '' ? name : `${shown}.${name}`);
      }
    }
  };
  walk(answer, '', '');
  return found;
}

const P2P = '/payment/rest/api/p2p/';

/** Which table types the answer of a request to `path` (query ignored); undefined: none of them. */
export function answerKindOf(path: string): AnswerKind | undefined {
  const address = path.split('?')[0] ?? '';
  if (address.startsWith(P2P)) {
    const operation = address.slice(P2P.length);
    if (operation === 'getP2PStatus.do') return 'p2pStatus';
    const performs = [
      'performP2P.do',
      'performP2PByBinding.do',
      'instantPerformP2P.do',
      'finishThreeDsVer2.do',
    ];
    return performs.includes(operation) ? 'p2pPerform' : undefined;
  }
  if (/^\/payment\/(wallet-a|wallet-b|applepay|google)\/payment(Direct)?\.do$/.test(address)) {
    return 'walletPayment';
  }
  switch (address) {
    case '/payment/rest/instantPayment.do':
    case '/payment/rest/motoPayment.do':
    case '/payment/rest/paymentOrderBinding.do':
    case '/payment/rest/instantRefund.do':
      return 'instantPayment';
    case '/payment/rest/getOrderStatus.do':
      return 'restOrderStatus';
    case '/payment/rest/getOrderStatusExtended.do':
      return 'orderStatusExtended';
    default:
      return undefined;
  }
}
