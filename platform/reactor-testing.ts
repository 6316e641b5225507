import type { Reactor } from '@recup/command-api/reactors/reactor';

/**
 * The platform's reactors (as `startTestPlatform`'s `reactors` option gets them) with a bug in one of them: it throws
 * on every event of the booking `poisoned()` names, while `poisoned()` names one; the others run as they are.
 */
export function withPoisonedBooking(reactorName: string, poisoned: () => string | null) {
  return (reactors: Reactor[]) => reactors.map((reactor): Reactor => reactor.name !== reactorName ? reactor : {
    name: reactor.name,
    handle: async (event) => {
      const bookingId = poisoned();
      if (bookingId !== null && (event.data as { bookingId?: string }).bookingId === bookingId) throw new Error(`${reactorName} cannot read booking ${bookingId}`);
      await reactor.handle(event);
    },
    sweep: (now) => reactor.sweep!(now),
  });
}
