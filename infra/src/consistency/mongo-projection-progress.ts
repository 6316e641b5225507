import type { ReadStore } from '../read-store/port';
import { InProcessProjectionProgress } from './projection-progress';

interface MongoProjectionProgressOptions {
  /** Where the projector keeps one checkpoint per projection (`{ _id, position, version }`). */
  collection?: string;
  /** Only these projections count; by default every checkpoint in the collection does. */
  projections?: readonly string[];
  /** How often the checkpoints are read while a query waits for a position. */
  busyPollMs?: number;
  /** How often they are read otherwise, so that `current()` stays close. */
  idlePollMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * The projector's progress seen from another process: the query API and the projector share no memory
 * once they run apart, but they share the read store, where the projector writes its checkpoints in the
 * same unit of work as the documents they cover. The lowest checkpoint is how far every projection has
 * got; it is read often while a caller waits for its own write, and now and then otherwise.
 *
 * It reads through the read store port, so in production it reads MongoDB's checkpoints collection. A
 * projector in the same process may still `advance` it directly, which wakes waiters at once.
 */
export class MongoProjectionProgress extends InProcessProjectionProgress {
  private readonly busyPollMs: number;
  private readonly idlePollMs: number;
  private waiting = 0;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly readStore: Pick<ReadStore, 'collection'>,
    private readonly options: MongoProjectionProgressOptions = {},
  ) {
    super();
    this.busyPollMs = options.busyPollMs ?? 50;
    this.idlePollMs = options.idlePollMs ?? 1000;
  }

  /** Reads the checkpoints now, then keeps reading them until `close`. */
  async start(): Promise<this> {
    this.stopped = false;
    await this.poll();
    return this;
  }

  /** Reads the checkpoints once and advances to the lowest of them. */
  async refresh(): Promise<void> {
    const filter = this.options.projections ? { _id: { $in: [...this.options.projections] } } : {};
    const checkpoints = await this.readStore.collection(this.options.collection ?? 'checkpoints').find(filter);
    const positions = checkpoints.map((c) => c.position).filter((p): p is number => typeof p === 'number');
    if (positions.length === 0) return;
    if (this.options.projections && positions.length < this.options.projections.length) return;
    this.advance(Math.min(...positions));
  }

  override async waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (position <= this.current()) return true;
    this.waiting += 1;
    if (this.waiting === 1) this.schedule(0);
    try {
      return await super.waitFor(position, timeoutMs);
    } finally {
      this.waiting -= 1;
    }
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.polling;
  }

  private async poll(): Promise<void> {
    if (this.polling) return this.polling;
    this.polling = this.refresh()
      .catch((error: unknown) => this.options.onError?.(error))
      .finally(() => {
        this.polling = null;
        this.schedule(this.waiting > 0 ? this.busyPollMs : this.idlePollMs);
      });
    return this.polling;
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.poll();
    }, delayMs);
    this.timer.unref();
  }
}
