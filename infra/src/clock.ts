/** Time and ids come into the domain from outside, so that tests can fix them. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests: it stands still until told to move. */
export class ManualClock implements Clock {
  private current: Date;
  constructor(start: Date | string) {
    this.current = new Date(start);
  }
  now(): Date {
    return new Date(this.current);
  }
  set(to: Date | string) {
    this.current = new Date(to);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface IdGenerator {
  next(): string;
}

export const randomIds: IdGenerator = { next: () => crypto.randomUUID() };
