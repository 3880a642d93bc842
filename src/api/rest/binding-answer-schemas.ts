import { BINDING_TYPES } from '../../domain/stored-credentials.js';
import { arrayOf, described, enumOf, joined, object, TEXT } from '../answers/answer-schema.js';
import { REST_SUCCESS } from '../answers/success-members.js';
import { PAYMENT_SYSTEM } from './order-status-schemas.js';

const BINDING_ID = described(TEXT, 'The stored credential (binding) id');
const MASKED_PAN = described(TEXT, 'Masked card number (6 + 4 digits)');
const EXPIRY = described(TEXT, 'YYYYMM');

/** getBindings.do: the bindings in the shape of merchant-api.md (Stored credential), with clientId. */
export const GET_BINDINGS_ANSWER_SCHEMA = joined([
  REST_SUCCESS,
  object(
    {
      bindings: arrayOf(
        object(
          {
            bindingId: BINDING_ID,
            maskedPan: MASKED_PAN,
            expiryDate: EXPIRY,
            paymentWay: enumOf(['CARD']),
            paymentSystem: PAYMENT_SYSTEM,
            displayLabel: described(TEXT, 'The masked number, as a label'),
            bindingCategory: enumOf(Object.values(BINDING_TYPES)),
            clientId: TEXT,
          },
          { required: 'all' },
        ),
      ),
    },
    { required: 'all' },
  ),
]);

/** getBindingsByCardOrId.do (gateway-facts §6). */
export const BINDINGS_BY_CARD_ANSWER_SCHEMA = joined([
  REST_SUCCESS,
  object(
    {
      bindings: arrayOf(
        object(
          { bindingId: BINDING_ID, maskedPan: MASKED_PAN, expiryDate: EXPIRY, clientId: TEXT },
          { required: 'all' },
        ),
      ),
    },
    { required: 'all' },
  ),
]);

/** createBindingNoPayment.do: the stored card, as the vendor answers it. */
export const CREATE_BINDING_ANSWER_SCHEMA = joined([
  REST_SUCCESS,
  object(
    {
      bindingId: BINDING_ID,
      clientId: TEXT,
      cardholderName: TEXT,
      expiryDate: EXPIRY,
      maskedPan: MASKED_PAN,
    },
    { required: 'all' },
  ),
]);
