import type { ConsoleAuditRecord } from '../../domain/console-audit-record.js';
import { REFUSALS, type RefusalKey } from '../../domain/refusals.js';
import { translate } from '../../i18n/translate.js';
import { CONSOLE_LANGUAGE, text } from './console-text.js';

interface OutcomeDetails {
  readonly message?: unknown;
  readonly refusal?: { readonly key?: unknown; readonly vars?: unknown };
  readonly refusedBecause?: unknown;
}

function detailsOf(entry: ConsoleAuditRecord): OutcomeDetails {
  if (entry.details === null) return {};
  try {
    const parsed: unknown = JSON.parse(entry.details);
    return typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
}

function isRefusalKey(key: unknown): key is RefusalKey {
  return typeof key === 'string' && Object.hasOwn(REFUSALS, key);
}

/** Why the entry's action was refused, in the console's language; undefined when it was not. */
function reason(entry: ConsoleAuditRecord): string | undefined {
  const details = detailsOf(entry);
  if (details.refusedBecause === 'forbidden') return text('forbidden');
  if (details.refusedBecause === 'csrf') return text('csrf');
  const refusal = details.refusal;
  if (refusal !== undefined && isRefusalKey(refusal.key)) {
    const vars =
      typeof refusal.vars === 'object' && refusal.vars !== null
        ? (refusal.vars as Record<string, string | number>)
        : {};
    return translate(CONSOLE_LANGUAGE, { key: REFUSALS[refusal.key].message, vars });
  }
  return typeof details.message === 'string' ? details.message : undefined;
}

/** An audit entry's outcome as the console says it: "Done." or "Refused: " and why, in words. */
export function outcomeText(entry: ConsoleAuditRecord): string {
  if (entry.outcome === 'done') return text('done');
  const why = reason(entry);
  return why === undefined ? entry.outcome : text('refused', { message: why });
}
