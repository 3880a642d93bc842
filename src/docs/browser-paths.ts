import { ACS_REDIRECT_PATH } from '../http/pages/threeds-routes.js';
import { REQUEST_ID_HEADER } from './http-headers.js';

type Schema = Record<string, unknown>;

const HTML_PAGE = { 'text/html': { schema: { type: 'string' } } };
const ORDER_ID = {
  type: 'string',
  minLength: 1,
  description: 'The orderId of the instantPayment.do answer that carried acsUrl',
};

function page(description: string): Schema {
  return { description, headers: { 'X-Request-Id': REQUEST_ID_HEADER }, content: HTML_PAGE };
}

function acsRedirect(method: 'get' | 'post'): Schema {
  return {
    operationId: `acsRedirect${method === 'get' ? 'Get' : 'Post'}`,
    summary: "Send the customer's browser to the issuer's ACS (3-D Secure)",
    description:
      "Not an API call: the merchant sends the customer's browser here when instantPayment.do answered with acsUrl. The gateway posts the browser on to the ACS (the challenge, or 3-D Secure 1.0), and afterwards sends it to returnUrl/failUrl or threeDSVer2FinishUrl with orderId and lang. No credentials: the order id is the reference.",
    tags: ['3-D Secure pages'],
    // A customer's browser authenticates with nothing but the order id.
    security: [],
    parameters: [
      method === 'get'
        ? { name: 'orderId', in: 'query', required: true, schema: ORDER_ID }
        : { name: 'orderId', in: 'query', required: false, schema: ORDER_ID },
    ],
    ...(method === 'post'
      ? {
          requestBody: {
            required: false,
            content: {
              'application/x-www-form-urlencoded': {
                schema: { type: 'object', properties: { orderId: ORDER_ID } },
              },
            },
          },
        }
      : {}),
    responses: {
      '200': page('A page that posts the browser on to the ACS (CReq, or PaReq/MD/TermUrl)'),
      '303': {
        description: 'The payment is already decided: on to returnUrl/failUrl or threeDSVer2FinishUrl',
        headers: {
          Location: { required: true, schema: { type: 'string', format: 'uri' } },
          'X-Request-Id': REQUEST_ID_HEADER,
        },
      },
      '404': page('No 3-D Secure authentication for this order'),
      '409': page('The authentication has not reached the ACS yet (the 3DS Method is still running)'),
    },
  };
}

/** The browser-facing address the spec documents beside the API: acsRedirect.do. */
export function browserPaths(): Record<string, Schema> {
  return { [ACS_REDIRECT_PATH]: { get: acsRedirect('get'), post: acsRedirect('post') } };
}
