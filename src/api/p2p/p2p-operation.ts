import type { Permission } from '../../domain/permissions.js';
import { defineOperation, type Operation } from '../operation.js';
import type { ParamTable } from '../params/param-table.js';

/** Where the P2P operations live: {base_url}/api/p2p/. */
export const P2P_PATH = '/payment/rest/api/p2p';

/** What every P2P operation is: JSON, answered in the REST envelope, permission p2p, always signed. */
export function p2pOperation<const Table extends ParamTable>(
  operation: Omit<Operation<Table>, 'encoding' | 'envelope' | 'requiredPermission' | 'alwaysSigned'>,
): Operation {
  return defineOperation({
    ...operation,
    encoding: 'json',
    envelope: 'rest',
    requiredPermission: 'p2p' satisfies Permission,
    alwaysSigned: true,
  });
}
