import type { ProcessorStore } from '@recup/infra/processor-store/port';

/** Where the duties are kept: the processor store, beside the event log (never the read store, which a rebuild throws away). */
export type DutyStore = Pick<ProcessorStore, 'putDuty' | 'duty' | 'rescheduleDuty' | 'removeDuty' | 'dueDuties' | 'dutiesWhere' | 'countDuties'>;

interface Duty<T> {
  key: string;
  dueAt: number;
  data: T;
}

/**
 * A reactor's work list, kept in the processor store beside its checkpoint, not in memory: a reactor restarted
 * from its stored checkpoint resumes every duty the events before it left pending, and a duty due while the
 * process was down runs at the first sweep after the restart. Only the duties due are read. Writes are
 * idempotent, so an event handled again after a crash changes nothing twice.
 */
export class Duties<T extends Record<string, unknown>> {
  constructor(private readonly store: DutyStore, private readonly reactor: string) {}

  async put(key: string, dueAt: number, data: T) {
    await this.store.putDuty({ reactor: this.reactor, key, dueAt, data });
  }

  /** Adds the duty unless it is already listed (keeping its time). */
  async add(key: string, dueAt: number, data: T) {
    if (!(await this.get(key))) await this.put(key, dueAt, data);
  }

  async get(key: string): Promise<Duty<T> | null> {
    const duty = await this.store.duty(this.reactor, key);
    return duty ? { key: duty.key, dueAt: duty.dueAt, data: duty.data as T } : null;
  }

  async reschedule(key: string, dueAt: number) {
    await this.store.rescheduleDuty(this.reactor, key, dueAt);
  }

  async remove(key: string) {
    await this.store.removeDuty(this.reactor, key);
  }

  /** Duties due by `now`, oldest first. */
  async due(now: number, limit = 500): Promise<Duty<T>[]> {
    return (await this.store.dueDuties(this.reactor, now, limit)).map((duty) => ({ key: duty.key, dueAt: duty.dueAt, data: duty.data as T }));
  }

  /** Duties whose data has this value in this field. */
  async where(field: keyof T & string, value: string): Promise<Duty<T>[]> {
    return (await this.store.dutiesWhere(this.reactor, field, value)).map((duty) => ({ key: duty.key, dueAt: duty.dueAt, data: duty.data as T }));
  }

  async count(): Promise<number> {
    return this.store.countDuties(this.reactor);
  }
}
