import type { Permission } from '../../domain/permissions.js';
import { Refusal } from '../../domain/refusals.js';
import type { MerchantContext } from '../../services/merchant-context.js';
import type { TransferType } from '../../services/p2p/transfer-rules.js';

/**
 * The kind of transfer the features ask for (p2p-api.md): WITHOUT_TO_CARD an AFT (permission aft,
 * OCT_EXPECTED announcing a later OCT), WITHOUT_FROM_CARD an OCT (permission oct), neither a
 * two-card transfer. One-direction transfers need their transactionTypeIndicator.
 */
export function transferTypeOf(
  params: {
    readonly features?: { readonly feature: readonly string[] } | undefined;
    readonly transactionTypeIndicator?: string | undefined;
  },
  merchant: MerchantContext,
): TransferType {
  const features = params.features?.feature ?? [];
  const aft = features.includes('WITHOUT_TO_CARD');
  const oct = features.includes('WITHOUT_FROM_CARD');
  if (aft && oct)
    throw new Refusal('PARAM_CONFLICT', { param: 'WITHOUT_TO_CARD', other: 'WITHOUT_FROM_CARD' });
  if (features.includes('OCT_EXPECTED') && !aft) {
    throw new Refusal('PARAM_CONFLICT', { param: 'OCT_EXPECTED', other: 'WITHOUT_FROM_CARD' });
  }
  const type: TransferType = aft ? 'AFT' : oct ? 'OCT' : 'STANDARD';
  if (type === 'STANDARD') return type;
  const permission: Permission = aft ? 'aft' : 'oct';
  if (!merchant.permissions.has(permission))
    throw new Refusal('PERMISSION_REQUIRED', { feature: 'features' });
  if (params.transactionTypeIndicator === undefined) {
    throw new Refusal('PARAM_MISSING', { param: 'transactionTypeIndicator' });
  }
  return type;
}
