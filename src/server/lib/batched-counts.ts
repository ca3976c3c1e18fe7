/**
 * Counts kept in memory and written in one statement per flush, so what is counted (a page view, a comparison)
 * costs no database write of its own. A batch that fails to write is put back for the next flush; at most one
 * flush interval of counts is lost if the process dies.
 */
export abstract class BatchedCounts<K> {
  private pending = new Map<K, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly onError: (err: unknown) => void) {}

  /** Writes one batch (the keys and their counts since the last flush). */
  protected abstract write(batch: ReadonlyMap<K, number>): Promise<void>;

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  protected add(key: K, n = 1): void {
    this.pending.set(key, (this.pending.get(key) ?? 0) + n);
  }

  get pendingCount(): number {
    let n = 0;
    for (const v of this.pending.values()) n += v;
    return n;
  }

  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writePending());
    return this.flushing;
  }

  private async writePending(): Promise<void> {
    if (!this.pending.size) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await this.write(batch);
    } catch (err) {
      for (const [key, n] of batch) this.add(key, n);
      this.onError(err);
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}
