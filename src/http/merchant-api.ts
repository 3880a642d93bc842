import type { FastifyPluginCallback } from 'fastify';
import type { Operation } from '../api/operation.js';
import { registerOperation, type OperationDeps } from './operation-route.js';

export interface MerchantApiDeps {
  readonly operations: readonly Operation[];
  readonly deps: OperationDeps;
}

/**
 * The merchant API: one route per operation of the tables. Registered without a prefix: each
 * operation's path is whole in its table (/payment/rest/..., /payment/wallet-a/...), the spec's
 * address, and the app's 404 handler names the operations' paths to answer a wrong method.
 */
export const merchantApi: FastifyPluginCallback<MerchantApiDeps> = (app, { operations, deps }, done) => {
  for (const operation of operations) registerOperation(app, operation, deps);
  done();
};
