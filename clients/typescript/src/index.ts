export * from './operations.generated.js';
export {
  GatehouseTransport,
  type CallOptions,
  type GatehouseClientOptions,
  type OperationSpec,
} from './transport.js';
export { GatehouseError, GatehouseResponseError, refusalOf, type Envelope } from './errors.js';
export { rsaSigner, type RequestSigner, type SignatureHeaders } from './signing.js';
export { encodeBody, type Encoding } from './encoding.js';
