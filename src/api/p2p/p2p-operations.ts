import type { Operation } from '../operation.js';
import { finishThreeDsVer2 } from './finish-three-ds-ver2.js';
import { getP2PStatus } from './get-p2p-status.js';
import { instantPerformP2P } from './instant-perform-p2p.js';
import type { P2pServices } from './p2p-services.js';
import { performP2P } from './perform-p2p.js';
import { performP2PByBinding } from './perform-p2p-by-binding.js';
import { registerP2P } from './register-p2p.js';
import { verifyP2P } from './verify-p2p.js';
import { verifyP2PByBinding } from './verify-p2p-by-binding.js';

/** The P2P operations of p2p-api.md: JSON, `username`/`password`, signed on every call. */
export function p2pOperations(services: P2pServices): Operation[] {
  return [
    registerP2P(services),
    verifyP2P(services),
    verifyP2PByBinding(services),
    performP2P(services),
    performP2PByBinding(services),
    instantPerformP2P(services),
    finishThreeDsVer2(services),
    getP2PStatus(services),
  ];
}
