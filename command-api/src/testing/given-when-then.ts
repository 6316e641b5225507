import { expect } from 'vitest';
import type { DomainEvent } from '@recup/shared-events';
import type { Decider } from '../core/decider';

/** Decider specifications: given these past events, when this command, then these events (or this error). */
export function specFor<Command, Event extends DomainEvent, State>(decider: Decider<Command, Event, State>) {
  return (given: Event[]) => ({
    when: (command: Command) => {
      const run = () => decider.decide(command, given.reduce(decider.evolve, decider.initialState()));
      return {
        then: (expected: Event[]) => expect(run()).toEqual(expected),
        thenNothingHappens: () => expect(run()).toEqual([]),
        thenThrows: (error: abstract new (...args: never[]) => Error) => expect(run).toThrow(error),
      };
    },
  });
}
