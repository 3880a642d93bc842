import { feeFor } from '../../domain/p2p/fee-plan.js';
import { Refusal } from '../../domain/refusals.js';
import type { OrderRow } from '../../store/schema.js';
import type { MerchantContext } from '../merchant-context.js';

/*
 * The rules of a transfer that do not depend on how its cards arrived: the fee, and the blocks
 * one-direction transfers need. The P2P operations and the transfer page both apply them.
 */

export type TransferType = 'STANDARD' | 'AFT' | 'OCT';

export function transferTypeOfOrder(order: Pick<OrderRow, 'p2p_type'>): TransferType {
  return (order.p2p_type ?? 'STANDARD') as TransferType;
}

/** The fee of a transfer: feeInput given at registration, else the merchant's plan. */
export function feeOf(
  order: Pick<OrderRow, 'p2p_details'>,
  merchant: Pick<MerchantContext, 'p2pFee'>,
  amountMinor: number,
): number {
  const details = JSON.parse(order.p2p_details ?? '{}') as { feeInput?: number };
  return details.feeInput ?? feeFor(merchant.p2pFee, amountMinor);
}

export type Fields = Readonly<Record<string, unknown>> | undefined;

function requireMembers(block: Fields, blockName: string, members: readonly string[]): void {
  for (const member of members) {
    const value = block?.[member];
    if (value === undefined || value === '')
      throw new Refusal('PARAM_MISSING', { param: `${blockName}.${member}` });
  }
}

/** The payer and recipient blocks of a transfer: given with the perform, else at registration. */
export function blocksOf(
  order: Pick<OrderRow, 'payer_data' | 'p2p_details'>,
  params: { readonly billingPayerData?: unknown; readonly billingRecipientData?: unknown } = {},
): { payer: Fields; recipient: Fields } {
  const registeredPayer = (JSON.parse(order.payer_data ?? '{}') as { billingPayerData?: Fields })
    .billingPayerData;
  const registeredRecipient = (JSON.parse(order.p2p_details ?? '{}') as { billingRecipientData?: Fields })
    .billingRecipientData;
  return {
    payer: (params.billingPayerData as Fields) ?? registeredPayer,
    recipient: (params.billingRecipientData as Fields) ?? registeredRecipient,
  };
}

/**
 * p2p-api.md's conditional blocks: an AFT on network V needs the payer's name, birthday and
 * address; on network M the recipient's country, account and account type; an OCT on network M
 * the payer's account number type.
 */
export function checkOneDirectionRules(
  type: TransferType,
  network: 'V' | 'M' | 'OTHER',
  blocks: { payer: Fields; recipient: Fields },
): void {
  if (type === 'AFT' && network === 'V') {
    requireMembers(blocks.payer, 'billingPayerData', [
      'payerFirstName',
      'payerLastName',
      'payerBirthday',
      'billingCity',
      'billingCountry',
      'billingAddressLine1',
    ]);
  }
  if (type === 'AFT' && network === 'M') {
    requireMembers(blocks.recipient, 'billingRecipientData', [
      'recipientCountry',
      'recipientAccount',
      'recipientAccountNumberType',
    ]);
  }
  if (type === 'OCT' && network === 'M')
    requireMembers(blocks.payer, 'billingPayerData', ['payerAccountNumberType']);
}
