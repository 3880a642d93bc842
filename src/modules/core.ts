import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { GatewayKeys } from '../config/gateway-keys.js';
import type { Clock } from '../domain/clock.js';
import type { RandomSource } from '../domain/random-source.js';
import type { GatehouseMetrics } from '../observability/metrics.js';
import type { SecretBox } from '../security/secret-box.js';
import type { MerchantTime } from '../services/sandbox-clock/merchant-time.js';
import type { Store } from '../store-engine/index.js';

/**
 * What every family's module is wired from: the configuration, the open store and the tools one
 * serving process shares (its clock, randomness, log, metrics and the gateway's own keys).
 */
export interface Core {
  readonly config: Config;
  readonly store: Store;
  /** Opens what is sealed under the master key. */
  readonly secrets: SecretBox;
  /** Time as the merchant whose work runs now reads it: `time`, seen through the Clock port. */
  readonly clock: Clock;
  /** The merchants' sandbox test clocks; `time.real` for what protects the process (issue 45). */
  readonly time: MerchantTime;
  readonly random: RandomSource;
  readonly logger: Logger;
  readonly metrics: GatehouseMetrics;
  readonly keys: GatewayKeys;
}
