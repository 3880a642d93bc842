/**
 * ISO 4217 active currencies: numeric code -> alphabetic code and minor-unit exponent.
 * Amounts are integers in minor units, so the exponent is what turns 1000 into 10.00.
 */
const TABLE = `
008 ALL 2|012 DZD 2|032 ARS 2|036 AUD 2|044 BSD 2|048 BHD 3|050 BDT 2|051 AMD 2|052 BBD 2|060 BMD 2
064 BTN 2|068 BOB 2|072 BWP 2|084 BZD 2|090 SBD 2|096 BND 2|104 MMK 2|108 BIF 0|116 KHR 2|124 CAD 2
132 CVE 2|136 KYD 2|144 LKR 2|152 CLP 0|156 CNY 2|170 COP 2|174 KMF 0|188 CRC 2|191 HRK 2|192 CUP 2
203 CZK 2|208 DKK 2|214 DOP 2|222 SVC 2|230 ETB 2|232 ERN 2|238 FKP 2|242 FJD 2|262 DJF 0|270 GMD 2
292 GIP 2|320 GTQ 2|324 GNF 0|328 GYD 2|332 HTG 2|340 HNL 2|344 HKD 2|348 HUF 2|352 ISK 0|356 INR 2
360 IDR 2|364 IRR 2|368 IQD 3|376 ILS 2|388 JMD 2|392 JPY 0|398 KZT 2|400 JOD 3|404 KES 2|408 KPW 2
410 KRW 0|414 KWD 3|417 KGS 2|418 LAK 2|422 LBP 2|426 LSL 2|430 LRD 2|434 LYD 3|446 MOP 2|454 MWK 2
458 MYR 2|462 MVR 2|480 MUR 2|484 MXN 2|496 MNT 2|498 MDL 2|504 MAD 2|512 OMR 3|516 NAD 2|524 NPR 2
532 ANG 2|533 AWG 2|548 VUV 0|554 NZD 2|558 NIO 2|566 NGN 2|578 NOK 2|586 PKR 2|590 PAB 2|598 PGK 2
600 PYG 0|604 PEN 2|608 PHP 2|634 QAR 2|643 RUB 2|646 RWF 0|654 SHP 2|682 SAR 2|690 SCR 2|694 SLL 2
702 SGD 2|704 VND 0|706 SOS 2|710 ZAR 2|728 SSP 2|748 SZL 2|752 SEK 2|756 CHF 2|760 SYP 2|764 THB 2
776 TOP 2|780 TTD 2|784 AED 2|788 TND 3|800 UGX 0|807 MKD 2|818 EGP 2|826 GBP 2|834 TZS 2|840 USD 2
858 UYU 2|860 UZS 2|882 WST 2|886 YER 2|901 TWD 2|925 SLE 2|926 VED 2|927 UYW 4|928 VES 2|929 MRU 2
930 STN 2|931 CUC 2|932 ZWL 2|933 BYN 2|934 TMT 2|936 GHS 2|938 SDG 2|940 UYI 0|941 RSD 2|943 MZN 2
944 AZN 2|946 RON 2|947 CHE 2|948 CHW 2|949 TRY 2|950 XAF 0|951 XCD 2|952 XOF 0|953 XPF 0|967 ZMW 2
968 SRD 2|969 MGA 2|970 COU 2|971 AFN 2|972 TJS 2|973 AOA 2|975 BGN 2|976 CDF 2|977 BAM 2|978 EUR 2
980 UAH 2|981 GEL 2|984 BOV 2|985 PLN 2|986 BRL 2|990 CLF 4|994 XSU 2|997 USN 2
`;

export interface Currency {
  readonly numeric: string;
  readonly alpha: string;
  readonly exponent: number;
}

const BY_NUMERIC: ReadonlyMap<string, Currency> = new Map(
  TABLE.split(/[|\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .map((entry): [string, Currency] => {
      const [numeric = '', alpha = '', exponent = ''] = entry.split(' ');
      return [numeric, { numeric, alpha, exponent: Number(exponent) }];
    }),
);

export function currencyByNumeric(numeric: string): Currency | undefined {
  return BY_NUMERIC.get(numeric);
}

const BY_ALPHA: ReadonlyMap<string, Currency> = new Map(
  [...BY_NUMERIC.values()].map((currency) => [currency.alpha, currency]),
);

/** By the alphabetic code ("EUR"), as some wallets name the currency. */
export function currencyByAlpha(alpha: string): Currency | undefined {
  return BY_ALPHA.get(alpha);
}

export function allCurrencies(): readonly Currency[] {
  return [...BY_NUMERIC.values()];
}
