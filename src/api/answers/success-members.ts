import { described, enumOf, object, TEXT } from './answer-schema.js';

/** errorCode of a success answer: text, as the vendor's examples of these operations write it. */
export const SUCCESS_CODE = enumOf(['0'], '0: the request was processed');

export const SUCCESS_MESSAGE = described(TEXT, 'Success, in the request language (must not be hardcoded)');

/** {errorCode: "0", errorMessage}: the whole success answer of the movements and binding upkeep. */
export const REST_SUCCESS = object(
  { errorCode: SUCCESS_CODE, errorMessage: SUCCESS_MESSAGE },
  { required: 'all', title: 'Success' },
);
