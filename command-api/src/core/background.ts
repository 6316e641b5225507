import type { FastifyBaseLogger } from 'fastify';

/**
 * Work done after the answer has gone: an answer that must not reveal whether an account exists is sent
 * before the work that depends on it, so it looks and takes the same either way. Failures are logged.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'> = console) {}

  run(name: string, task: () => Promise<unknown>) {
    const promise: Promise<void> = Promise.resolve()
      .then(task)
      .then(() => undefined, (error: unknown) => this.log.error({ err: error }, `background task ${name} failed`))
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  /** Resolves once every task started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
