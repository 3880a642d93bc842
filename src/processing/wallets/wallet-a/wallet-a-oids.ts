/** Object identifiers of the wallet A (Apple Pay EC_v1) token, protocols.md §2.2 and §2.3. */
export const OID = {
  /** Marker extension the vendor's signing leaf must carry (its value does not matter). */
  leafMarker: '1.2.840.113635.100.6.29',
  /** Marker extension of the vendor's intermediate CA (Apple Application Integration CA - G3). */
  intermediateMarker: '1.2.840.113635.100.6.2.14',
  /** Merchant certificate extension: UTF8String of 64 hex digits = SHA-256(merchant identifier). */
  merchantIdHash: '1.2.840.113635.100.6.32',
  /** Subject attribute holding the merchant identifier string (userId). */
  userId: '0.9.2342.19200300.100.1.1',
  signedData: '1.2.840.113549.1.7.2',
  data: '1.2.840.113549.1.7.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  sha256: '2.16.840.1.101.3.4.2.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  sha256WithRsaEncryption: '1.2.840.113549.1.1.11',
  commonName: '2.5.4.3',
  organizationalUnit: '2.5.4.11',
  organization: '2.5.4.10',
  country: '2.5.4.6',
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  basicConstraints: '2.5.29.19',
  authorityKeyIdentifier: '2.5.29.35',
} as const;
