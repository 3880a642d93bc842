/** What a seToken carries once opened (processing/se-token.ts): a card, or a stored credential's id. */
export interface SeTokenContent {
  readonly timestampMs: number;
  readonly uuid: string;
  /** The card number, or (empty) when the token names a stored credential instead. */
  readonly pan: string | undefined;
  readonly bindingId: string | undefined;
  readonly cvc: string | undefined;
  readonly expiry: string;
  readonly mdOrder: string | undefined;
}
