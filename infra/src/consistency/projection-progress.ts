/**
 * How far the projector has got in the global log. The query API waits on it so that a caller who just
 * wrote sees its own write (read-your-writes), notified rather than polling.
 */
export interface ProjectionProgress {
  /** Global position of the last event that every live projection has handled. */
  current(): number;
  /** True once `position` is reached; false when `timeoutMs` passes first. */
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
}

/** The projector and the query API share one process in the embedded mode: a notified in-memory value. */
export class InProcessProjectionProgress implements ProjectionProgress {
  private position = 0;
  private readonly waiters = new Set<{ position: number; resolve: (reached: boolean) => void }>();

  current(): number {
    return this.position;
  }

  advance(position: number) {
    if (position <= this.position) return;
    this.position = position;
    for (const waiter of this.waiters) {
      if (waiter.position <= position) {
        this.waiters.delete(waiter);
        waiter.resolve(true);
      }
    }
  }

  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (position <= this.position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = {
        position,
        resolve: (reached: boolean) => {
          clearTimeout(timer);
          resolve(reached);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        resolve(false);
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }
}
