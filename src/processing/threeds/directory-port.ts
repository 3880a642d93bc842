import type { AReq, ARes, Erro, MessageVersion, RReq, RRes } from './emv-messages.js';

/** What the card range data of the Directory Server says about a card (the PRes of protocols.md §1.1). */
export type CardEnrollment =
  | { readonly kind: 'notEnrolled' }
  | { readonly kind: 'v1' }
  | {
      readonly kind: 'v2';
      /** The versions the issuer's ACS supports, lowest first. */
      readonly versions: readonly MessageVersion[];
      /** The ACS's 3DS Method URL, when it has one. */
      readonly methodUrl?: string;
    };

/** 3-D Secure 1.0 (the older redirect): the VERes said yes and the ACS expects this PaReq. */
export interface V1Enrollment {
  readonly acsUrl: string;
  readonly paReq: string;
}

export interface V1Request {
  readonly xid: string;
  readonly pan: string;
  readonly purchaseAmount: string;
  readonly purchaseCurrency: string;
  readonly merchantName: string;
}

/** A PaRes whose signature held: the ACS's verdict for one 3-D Secure 1.0 transaction. */
export interface V1Result {
  readonly xid: string;
  readonly status: 'Y' | 'N' | 'A' | 'U';
  readonly eci: string;
  readonly cavv?: string;
}

/**
 * The card networks' 3-D Secure side as the 3DS Server sees it: the Directory Server's card range
 * data, AReq/ARes through the DS to the issuer's ACS, and the 3-D Secure 1.0 enrollment. The
 * sandbox ACS emulator implements it; a real DS connector would implement the same.
 */
export interface DirectoryPort {
  enrollment(pan: string): CardEnrollment;
  authenticate(request: AReq): Promise<ARes | Erro>;
  enrollV1(request: V1Request): Promise<V1Enrollment>;
  /** Checks a PaRes's signature and reads it; undefined when it is not one. */
  readPaRes(paRes: string): V1Result | undefined;
  /**
   * The key an app's 3DS SDK encrypts device data to (`sdkEncData`), as PEM, with its DS ID;
   * undefined when this directory takes no app authentications.
   */
  sdkKey(): Promise<{ readonly publicKeyPem: string; readonly dsId: string } | undefined>;
}

/** The 3DS Server's side of the RReq/RRes exchange: the ACS reports a challenge's result here. */
export interface ResultsReceiver {
  results(request: RReq): Promise<RRes>;
}
