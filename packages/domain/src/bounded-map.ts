/**
 * A Map that keeps at most `limit` entries: adding one more drops the oldest. For answers a
 * process keeps because requests repeat them (delivery dates, postal places, a user's carrier
 * choices), where an unbounded map would grow with every distinct key it is ever asked.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(readonly limit: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.limit) {
      const oldest = this.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    return super.set(key, value);
  }
}
