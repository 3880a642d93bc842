/**
 * A bounded memo of a pure parse: certificates and keys by their exact text. An entry is a
 * function of its key alone, so it is never stale; the oldest entry goes first when full. What a
 * merchant or the gateway trusts is still read from the database on every request, so a removed
 * key or anchor stops being used at once: only the parse of identical bytes is skipped.
 */
export class ParsedOnce<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly max: number) {}

  get(key: string, parse: () => V): V {
    let value = this.entries.get(key);
    if (value === undefined) {
      value = parse();
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, value);
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
