import type { AnswerSchema } from './answers/answer-schema.js';
import type { Language } from '../i18n/languages.js';
import type { Permission } from '../domain/permissions.js';
import type { MessageKey } from '../i18n/messages-en.js';
import type { MessageVars } from '../i18n/translate.js';
import type { MerchantContext } from '../services/merchant-context.js';
import type { ParamsOf, ParamTable } from './params/param-table.js';

/**
 * How refusals are shaped for an operation: `rest` is {errorCode, errorMessage}; `legacyStatus` is
 * getOrderStatus.do's capitalised {ErrorCode, ErrorMessage}; `instant` is instantPayment.do's
 * {errorCode, error} (with errorMessage too, for clients that read the common name); `wallet` is
 * the wallet operations' {success: false, error: {code, message, description}}.
 */
export type EnvelopeStyle = 'rest' | 'legacyStatus' | 'instant' | 'wallet';

export interface OperationContext {
  /** The merchant the call acts for: the caller, or a merchant it may act on behalf of. */
  readonly merchant: MerchantContext;
  /** The merchant whose credentials authenticated the call. */
  readonly caller: MerchantContext;
  readonly language: Language;
  readonly nowMs: number;
  readonly clientIp: string;
  /** X-Request-Id of the call (src/http/request-id.ts): the callbacks it causes carry it. */
  readonly requestId: string;
  /** A message in the request's language. */
  message(key: MessageKey, vars?: MessageVars): string;
}

/** One endpoint: its address, encoding, parameter table (the spec's, as data) and behaviour. */
export interface Operation<Table extends ParamTable = ParamTable> {
  readonly path: string;
  readonly encoding: 'form' | 'json';
  readonly envelope: EnvelopeStyle;
  readonly summary: string;
  readonly params: Table;
  /**
   * `credentials` (the default): userName + password, or token. `merchant`: the shop is named by
   * the `merchant` parameter and sends no secret, because the payload itself proves the payment
   * (wallet payment.do: only that merchant's wallet key decrypts the token).
   */
  readonly identifiedBy?: 'credentials' | 'merchant';
  /** The parameter naming a merchant to act on behalf of, if the operation has one. */
  readonly onBehalfParam?: 'merchantLogin' | 'merchant';
  /**
   * Every call must carry X-Hash and X-Signature, whatever the merchant's requireSignature setting
   * (p2p-api.md: P2P, AFT and OCT calls are always signed).
   */
  readonly alwaysSigned?: boolean;
  /** A permission the acting merchant needs for the operation itself. */
  readonly requiredPermission?: Permission | undefined;
  /**
   * True for an operation that changes state (orders, money): it honours an `Idempotency-Key`
   * header (src/http/idempotency.ts). Reads leave it out.
   */
  readonly mutates?: boolean;
  /**
   * The success answer's JSON Schema: what docs/openapi.json documents and what the integration
   * suite's client holds every answer to, so it must list every member the operation can write.
   */
  readonly answer: AnswerSchema;
  /**
   * Write the answer with a serializer compiled from `answer` (src/http/answer-serializer.ts)
   * instead of JSON.stringify: only on the hot paths (issue 13), where the compiled code is faster;
   * elsewhere it would only add a compile at start-up.
   */
  readonly fastAnswer?: true;
  handle(params: ParamsOf<Table>, context: OperationContext): Promise<object>;
}

/** Keeps each operation's own table type while collecting them in one list. */
export function defineOperation<const Table extends ParamTable>(operation: Operation<Table>): Operation {
  return operation;
}
