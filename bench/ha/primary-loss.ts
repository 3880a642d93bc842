import type { Sample } from '../chaos/load.js';
import type { HaFaultWindow } from './faults.js';
import type { Gap } from './writable-watch.js';

/** Per fault: how long no writable primary answered, and what the load was answered meanwhile. */
export interface PrimaryLoss {
  readonly fault: number;
  readonly kind: string;
  readonly detail: string;
  /** The time of the gaps (writable-watch.ts) inside the fault's window; 0: writes never stopped. */
  readonly withoutPrimaryMs: number;
  /** Requests that overlapped those gaps, and those of them answered with the system error. */
  readonly requestsInGap: number;
  readonly systemErrorsInGap: number;
  /** Of those requests, the longest. */
  readonly maxMs: number;
}

export function primaryLossByFault(
  windows: readonly HaFaultWindow[],
  gaps: readonly Gap[],
  samples: readonly Sample[],
  aftermathMs: number,
): PrimaryLoss[] {
  return windows.map((window, index) => {
    const mine = gaps.filter((gap) => gap.startMs <= window.endMs && gap.endMs >= window.startMs);
    const felt = samples.filter((sample) =>
      mine.some((gap) => sample.startMs <= gap.endMs + aftermathMs && sample.endMs >= gap.startMs),
    );
    return {
      fault: index + 1,
      kind: window.kind,
      detail: window.detail,
      withoutPrimaryMs: mine.reduce((sum, gap) => sum + (gap.endMs - gap.startMs), 0),
      requestsInGap: felt.length,
      systemErrorsInGap: felt.filter((sample) => sample.systemError).length,
      maxMs: felt.reduce((max, sample) => Math.max(max, sample.endMs - sample.startMs), 0),
    };
  });
}

export function primaryLossTable(losses: readonly PrimaryLoss[]): string {
  const widths = [5, 13, 18, 16, 18, 9];
  const row = (cells: readonly (string | number)[]) =>
    cells
      .map((cell, i) => (i === 1 ? String(cell).padEnd(widths[i]!) : String(cell).padStart(widths[i]!)))
      .join('  ');
  return [
    'time without a writable primary, per fault',
    row(['fault', 'kind', 'no primary (ms)', 'requests in it', 'system errors', 'max ms']),
    ...losses.map((loss) =>
      row([
        loss.fault,
        loss.kind,
        loss.withoutPrimaryMs,
        loss.requestsInGap,
        loss.systemErrorsInGap,
        loss.maxMs,
      ]),
    ),
    ...losses.map((loss) => `  ${loss.fault}: ${loss.detail}`),
  ].join('\n');
}
