/**
 * Values that are dear to make and asked for again soon (a deflate, an address's country), kept
 * for the last `max` keys: past that the oldest is forgotten, so a flood of distinct keys cannot
 * grow it. `undefined` is never kept (it means "not made yet").
 */
export class RememberedLast<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #max: number;

  constructor(max: number) {
    this.#max = max;
  }

  /** The value kept for `key`, made by `make` (and kept) when there is none. */
  get(key: K, make: (key: K) => V): V {
    const known = this.#entries.get(key);
    if (known !== undefined) return known;
    const made = make(key);
    if (this.#entries.size >= this.#max) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, made);
    return made;
  }

  get size(): number {
    return this.#entries.size;
  }
}
