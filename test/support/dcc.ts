import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiResponse, PostOptions, TestGatehouse } from './gatehouse-harness.js';

/** The sandbox cards billed in other currencies (README, test cards). */
export const DCC_CARDS = {
  eur: '4000009780000009',
  usdFrictionless: '4000008400000001',
  usd: '4000008400000019',
  gbpChallenge: '5200008260000005',
  jpy: '4000003920000003',
  kwd: '4000004140000005',
} as const;

/**
 * The rates the DCC tests run with, as an operator's GATEHOUSE_DCC_RATES_FILE. EUR->USD 1.0832 with
 * 3.5 % markup gives the applied rate 1.121112.
 */
export const DCC_RATES_FILE_TEXT = `# from,to,rate,markup
978,840,1.0832,3.5
978,826,0.8412,3
978,392,161.234,2.75
978,414,0.3312,3
840,978,0.9231,3.5
`;

export function dccRatesFile(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'gatehouse-dcc-')), 'rates.csv');
  writeFileSync(path, DCC_RATES_FILE_TEXT);
  return path;
}

export function calculate(
  gh: TestGatehouse,
  auth: { userName: string; password: string },
  params: Record<string, unknown>,
  allow: Pick<PostOptions, 'allowServerError' | 'allowSystemError'> = {},
): Promise<ApiResponse> {
  return gh.post(
    '/payment/rest/dcc/calculate.do',
    {},
    { ...allow, rawBody: JSON.stringify({ ...auth, ...params }), contentType: 'application/json' },
  );
}
