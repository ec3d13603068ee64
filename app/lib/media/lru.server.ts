/** A byte-bounded LRU for rendered media: the oldest entries go first. */
export class ByteLru<V extends { byteLength: number }> {
  private entries = new Map<string, V>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V) {
    if (value.byteLength > this.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) this.bytes -= previous.byteLength;
    this.entries.delete(key);
    this.entries.set(key, value);
    this.bytes += value.byteLength;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.byteLength;
    }
  }

  get size() {
    return this.entries.size;
  }

  /** The bytes held: at most the cap given. */
  get byteLength() {
    return this.bytes;
  }
}
