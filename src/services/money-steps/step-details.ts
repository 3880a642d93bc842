import type { AuthorizationReference, OriginalOperation } from '../../processing/acquirer/acquirer-port.js';
import type { ReversalPrior } from '../../store/order-columns.js';

/*
 * What each step kind keeps in its operation row's `details`, one codec each: written by the
 * step's intent, read by its settle and its recovery. A row whose details do not read as its
 * kind's is a bug, and says so.
 */

/** An authorization or a debit: what its settle needs when no live call is there to tell it. */
export interface AuthorizationDetails {
  /** The credit leg a transfer's debit starts when approved (its id, its card kept sealed). */
  readonly creditOperationId?: string;
  /** The amount that credit leg sends (the debit carries the fee on top). */
  readonly creditMinor?: number;
}

/** A transfer's credit leg: the approved debit it follows (absent for an OCT). */
export interface CreditLegDetails {
  readonly debit?: AuthorizationReference;
  /**
   * The step that claimed the order (the debit, or the OCT's credit itself) and what the transfer
   * moves (amount and fee), so the leg's settle writes the order without reading it. Absent on
   * legs written before issue 39, which read them from the order.
   */
  readonly attemptId?: string;
  readonly movedMinor?: number;
}

/** A compensation: the operation it gives back, and how the order ends once it is. */
export interface CompensationDetails {
  readonly original: OriginalOperation;
  /** A transfer whose credit was refused is declined with the credit's action code once its debit is back. */
  readonly declineActionCode?: number;
}

/**
 * A capture, reversal or refund: the merchant's items or jsonParams (`request`), or `automatic`
 * for a hold's autocompletionDate / autoReverseDate action, which is sent again under its own id
 * until the acquirer does it, never undone and redone under a new one.
 */
export interface MovementDetails {
  readonly request?: unknown;
  readonly automatic?: true;
}

function parsed(details: string | null, kind: string): Record<string, unknown> {
  if (details === null) return {};
  const value: unknown = JSON.parse(details);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`a ${kind} step's details are not an object`);
  return value as Record<string, unknown>;
}

function optionalString(value: unknown, what: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new Error(`${what} is not a string`);
  return value;
}

function optionalNumber(value: unknown, what: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new Error(`${what} is not an integer`);
  return value;
}

function reference(value: unknown, what: string): AuthorizationReference {
  if (typeof value !== 'object' || value === null) throw new Error(`${what} is not a reference`);
  const fields = value as Record<string, unknown>;
  const text = (name: keyof AuthorizationReference): string =>
    optionalString(fields[name], `${what}.${name}`) ?? '';
  return {
    approvalCode: text('approvalCode'),
    rrn: text('rrn'),
    paymentNetRefNum: text('paymentNetRefNum'),
    terminalId: text('terminalId'),
    authRefNum: text('authRefNum'),
  };
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, member]) => member !== undefined)) as T;
}

export const authorizationDetails = {
  encode: (details: AuthorizationDetails): string | null =>
    Object.keys(withoutUndefined(details)).length === 0 ? null : JSON.stringify(withoutUndefined(details)),
  decode(details: string | null): AuthorizationDetails {
    const fields = parsed(details, 'authorization');
    const creditOperationId = optionalString(fields.creditOperationId, 'creditOperationId');
    const creditMinor = optionalNumber(fields.creditMinor, 'creditMinor');
    return withoutUndefined({ creditOperationId, creditMinor });
  },
};

export const creditLegDetails = {
  encode: (details: CreditLegDetails): string | null =>
    Object.keys(withoutUndefined(details)).length === 0 ? null : JSON.stringify(withoutUndefined(details)),
  decode(details: string | null): CreditLegDetails {
    const fields = parsed(details, 'transferCredit');
    return withoutUndefined({
      debit: fields.debit === undefined ? undefined : reference(fields.debit, 'debit'),
      attemptId: optionalString(fields.attemptId, 'attemptId'),
      movedMinor: optionalNumber(fields.movedMinor, 'movedMinor'),
    });
  },
};

export const compensationDetails = {
  encode: (details: CompensationDetails): string => JSON.stringify(withoutUndefined(details)),
  decode(details: string | null): CompensationDetails {
    const fields = parsed(details, 'compensation');
    const declineActionCode = optionalNumber(fields.declineActionCode, 'declineActionCode');
    return {
      original: originalOperation(fields.original),
      ...(declineActionCode === undefined ? {} : { declineActionCode }),
    };
  },
};

const REFERENCE_NAMES = ['approvalCode', 'rrn', 'paymentNetRefNum', 'terminalId', 'authRefNum'] as const;

function originalOperation(value: unknown): OriginalOperation {
  if (typeof value !== 'object' || value === null)
    throw new Error('a compensation lost the operation it gives back');
  const fields = value as Record<string, unknown>;
  const operationId = optionalString(fields.operationId, 'original.operationId');
  if (operationId === undefined) throw new Error('a compensation lost the operation it gives back');
  const known: Partial<Record<(typeof REFERENCE_NAMES)[number], string>> = {};
  for (const name of REFERENCE_NAMES) {
    const text = optionalString(fields[name], `original.${name}`);
    if (text !== undefined) known[name] = text;
  }
  return { operationId, ...known };
}

export const movementDetails = {
  encode: (details: MovementDetails): string | null => {
    if (details.automatic === true) return JSON.stringify({ automatic: true });
    return details.request === undefined ? null : JSON.stringify(details.request);
  },
  decode(details: string | null): MovementDetails {
    if (details === null) return {};
    const value: unknown = JSON.parse(details);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const fields = value as Record<string, unknown>;
      if (fields.automatic === true && Object.keys(fields).length === 1) return { automatic: true };
    }
    return { request: value };
  },
};

/** What a full reversal zeroed on its order, kept on its step so a refusal can put it back. */
export const reversalPrior = {
  encode: (prior: ReversalPrior): string => JSON.stringify(prior),
  decode(prior: string): ReversalPrior {
    const fields = parsed(prior, 'reversal');
    const required = (name: keyof ReversalPrior): number => {
      const value = optionalNumber(fields[name], `prior.${name}`);
      if (value === undefined) throw new Error(`a full reversal lost prior.${name}`);
      return value;
    };
    // Rows written before DCC have no DCC amounts: read as 0 by the undo.
    const dccApproved = optionalNumber(fields.dcc_approved_minor, 'prior.dcc_approved_minor');
    const dccDeposited = optionalNumber(fields.dcc_deposited_minor, 'prior.dcc_deposited_minor');
    return {
      status: required('status'),
      approved_minor: required('approved_minor'),
      deposited_minor: required('deposited_minor'),
      ...(dccApproved === undefined ? {} : { dcc_approved_minor: dccApproved }),
      ...(dccDeposited === undefined ? {} : { dcc_deposited_minor: dccDeposited }),
    };
  },
};
