export * from './operations.generated.js';
export {
  GatehouseTransport,
  type Answered,
  type CallOptions,
  type GatehouseClientOptions,
  type OperationSpec,
  type ResponseInfo,
} from './transport.js';
export {
  GatehouseError,
  GatehouseNetworkError,
  GatehouseResponseError,
  refusalOf,
  type Envelope,
  type ExchangeInfo,
} from './errors.js';
export { RETRY_DEFAULTS, type RetryOptions } from './retry.js';
export { rsaSigner, type RequestSigner, type SignatureHeaders } from './signing.js';
export { encodeBody, type Encoding } from './encoding.js';
