import type { Migration } from 'kysely';
import * as foundation from './0001-foundation.js';
import * as payments from './0002-payments.js';
import * as threeds from './0003-threeds.js';
import * as bindings from './0004-bindings.js';
import * as operationPrior from './0005-operation-prior.js';
import * as operationExternalId from './0006-operation-external-id.js';
import * as pendingCreditCards from './0007-pending-credit-cards.js';
import * as orderReportsIndex from './0008-order-reports-index.js';
import * as walletKeys from './0009-wallet-keys.js';
import * as dcc from './0010-dcc.js';
import * as p2p from './0011-p2p.js';
import * as p2pRecipient from './0012-p2p-recipient.js';
import * as p2pParties from './0013-p2p-parties.js';
import * as moneySteps from './0014-money-steps.js';
import * as p2pStatusResponse from './0015-p2p-status-response.js';
import * as automaticHoldIndex from './0016-automatic-hold-index.js';
import * as appChannel from './0017-app-channel.js';
import * as callbackRequestId from './0018-callback-request-id.js';
import * as operators from './0019-operators.js';
import * as orderStory from './0020-order-story.js';
import * as overviewIndexes from './0021-overview-indexes.js';
import * as consoleListIndexes from './0022-console-list-indexes.js';
import * as servingProcesses from './0023-serving-processes.js';
import * as loginFailures from './0024-login-failures.js';
import * as consoleSearchIndexes from './0025-console-search-indexes.js';
import * as orderRollups from './0026-order-rollups.js';
import * as eventRollups from './0027-event-rollups.js';
import * as sandboxClocks from './0028-sandbox-clocks.js';

/** Every migration in order; names are permanent once released. */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001-foundation': foundation,
  '0002-payments': payments,
  '0003-threeds': threeds,
  '0004-bindings': bindings,
  '0005-operation-prior': operationPrior,
  '0006-operation-external-id': operationExternalId,
  '0007-pending-credit-cards': pendingCreditCards,
  '0008-order-reports-index': orderReportsIndex,
  '0009-wallet-keys': walletKeys,
  '0010-dcc': dcc,
  '0011-p2p': p2p,
  '0012-p2p-recipient': p2pRecipient,
  '0013-p2p-parties': p2pParties,
  '0014-money-steps': moneySteps,
  '0015-p2p-status-response': p2pStatusResponse,
  '0016-automatic-hold-index': automaticHoldIndex,
  '0017-app-channel': appChannel,
  '0018-callback-request-id': callbackRequestId,
  '0019-operators': operators,
  '0020-order-story': orderStory,
  '0021-overview-indexes': overviewIndexes,
  '0022-console-list-indexes': consoleListIndexes,
  '0023-serving-processes': servingProcesses,
  '0024-login-failures': loginFailures,
  '0025-console-search-indexes': consoleSearchIndexes,
  '0026-order-rollups': orderRollups,
  '0027-event-rollups': eventRollups,
  '0028-sandbox-clocks': sandboxClocks,
};
