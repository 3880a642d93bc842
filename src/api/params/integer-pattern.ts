/**
 * A regular expression (source, anchored) that matches exactly the decimal texts of the integers
 * min..max without leading zeros: form bodies carry integers as text, and a JSON Schema `minimum`
 * or `maximum` says nothing about a string, so the document states a range as a pattern too.
 */
export function integerRangePattern(min: number, max: number): string {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min < 0 || min > max) {
    throw new RangeError(`no pattern for the range ${min}..${max}`);
  }
  return `^(?:${byLength(min, max).join('|')})$`;
}

/** Splits the range where the number of digits changes: each part is then handled digit by digit. */
function byLength(min: number, max: number): string[] {
  const lastOfLength = 10 ** String(min).length - 1;
  if (max <= lastOfLength) return sameLength(String(min), String(max));
  return [...sameLength(String(min), String(lastOfLength)), ...byLength(lastOfLength + 1, max)];
}

/** Alternatives for low..high, two digit strings of one length. */
function sameLength(low: string, high: string): string[] {
  if (low === high) return [low];
  const [lowFirst, highFirst] = [Number(low[0]), Number(high[0])];
  const lowRest = low.slice(1);
  const highRest = high.slice(1);
  if (lowFirst === highFirst) return sameLength(lowRest, highRest).map((tail) => `${lowFirst}${tail}`);
  const free = lowRest.length;
  const alternatives: string[] = [];
  let first = lowFirst;
  let last = highFirst;
  // A partial first or last leading digit needs its own alternatives for the digits after it.
  if (!/^0*$/.test(lowRest)) {
    alternatives.push(...sameLength(lowRest, '9'.repeat(free)).map((tail) => `${lowFirst}${tail}`));
    first += 1;
  }
  const partialLast = !/^9*$/.test(highRest);
  if (partialLast) last -= 1;
  if (first <= last) alternatives.push(`${digitClass(first, last)}${anyDigits(free)}`);
  if (partialLast) {
    alternatives.push(...sameLength('0'.repeat(free), highRest).map((tail) => `${highFirst}${tail}`));
  }
  return alternatives;
}

function digitClass(first: number, last: number): string {
  if (first === last) return String(first);
  return first === 0 && last === 9 ? '\\d' : `[${first}-${last}]`;
}

function anyDigits(count: number): string {
  if (count === 0) return '';
  return count === 1 ? '\\d' : `\\d{${count}}`;
}
