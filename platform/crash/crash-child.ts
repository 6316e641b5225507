/**
 * The crash test's child process: the whole embedded platform (as `npm start` composes it) on DATA_DIR,
 * killed with SIGKILL at random moments and started again by the test. Its clock runs at the real pace,
 * shifted by CLOCK_OFFSET_MS, and the test moves it forward through the IPC channel (holds expire, orphans
 * and refunds fall due) and asks it to settle and to check its read models against a rebuild of the log.
 */
import { hashPassword } from '@recup/infra/passwords';
import { openEmbeddedAdapters } from '@recup/infra/launcher/embedded-adapters';
import type { Clock } from '@recup/infra/clock';
import { handleCommand, readState } from '@recup/command-api/core/decider';
import { commandMetadata } from '@recup/command-api/core/metadata';
import { courseDecider } from '@recup/command-api/courses/course-decider';
import { ownOrganization } from '@recup/command-api/organizations/manage-organization';
import { findAccountByEmail, registerAccount } from '@recup/command-api/users/accounts';
import { streams } from '@recup/shared-events';
import { allProjections } from '@recup/projector/projections';
import { verifyProjections } from '@recup/projector/rebuild-verify';
import { composeEmbeddedPlatform } from '../compose';
import {
  CRASH_LEARNERS, CRASH_PASSWORD, CRASH_SMALL_COURSE_SPOTS, CRASH_SMALL_COURSES, CRASH_WAITLIST_OFFER_HOURS, crashLearnerEmail, type ChildAnswer, type ChildReady, type ChildRequest,
} from './crash-protocol';


class OffsetClock implements Clock {
  constructor(public offset: number) {}
  now() {
    return new Date(Date.now() + this.offset);
  }
}

async function main() {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir || !process.send) throw new Error('crash-child runs under the crash test, with DATA_DIR and an IPC channel');
  const clock = new OffsetClock(Number(process.env.CLOCK_OFFSET_MS ?? 0));
  const adapters = openEmbeddedAdapters({ dataDir }, { clock, mailLog: () => {} });
  const quiet = { info: () => {}, warn: () => {}, error: (message: string, error?: unknown) => console.error(message, error) };
  const platform = await composeEmbeddedPlatform(adapters, {
    config: { SESSION_SECRET: 'crash-test-session-secret-0123456789abcdef', secureCookies: false, WAITLIST_OFFER_HOURS: CRASH_WAITLIST_OFFER_HOURS },
    seed: true, logger: false, projectorLogger: quiet, authRateLimitPerMinute: 1_000_000,
    sweepIntervalMs: Number(process.env.SWEEP_INTERVAL_MS ?? 250),
  });

  // The learners of the load, seeded before the first answer (the test kills only after `ready`).
  for (let i = 0; i < CRASH_LEARNERS; i += 1) {
    if (await findAccountByEmail(adapters.eventStore, crashLearnerEmail(i))) continue;
    const profile = {
      title: null, firstName: 'Camille', lastName: `Test ${i}`, dateOfBirth: null, countryOfBirth: null, placeOfBirth: null, address: '1 rue de la Paix', addressDetails: null,
      postalCode: '13001', city: 'Marseille', country: 'FR', phoneNumber: null, landlinePhone: null, licenseNumber: null, language: 'FR' as const,
    };
    await registerAccount(adapters.eventStore, { userId: crypto.randomUUID(), email: crashLearnerEmail(i), passwordHash: await hashPassword(CRASH_PASSWORD), role: 'USER', profile, verified: true },
      commandMetadata({ type: 'system', name: 'crash-test' }, clock.now()), clock.now());
  }

  // The small courses of the demo centre that the load fills (learners then wait for them), 40 days ahead.
  const centreAccount = await findAccountByEmail(adapters.eventStore, 'centre@demo.test');
  const centre = await ownOrganization(adapters, centreAccount!.state.userId);
  for (const courseId of CRASH_SMALL_COURSES) {
    if ((await readState(adapters.eventStore, streams.course(courseId), courseDecider)).state.status !== 'absent') continue;
    const start = new Date(clock.now().getTime() + 40 * 86_400_000);
    start.setUTCHours(7, 0, 0, 0);
    await handleCommand(adapters.eventStore, streams.course(courseId), courseDecider, {
      type: 'ScheduleCourse', courseId, organizationId: centre.organizationId, organizationVerified: true, now: clock.now(),
      details: {
        title: 'Arles', titleEn: null, description: 'Stage', descriptionEn: null, address: '12 boulevard des Lices', city: 'Arles', postalCode: '13200', department: '13',
        startDate: start.toISOString(), endDate: new Date(start.getTime() + 33 * 3_600_000).toISOString(), price: 21_000, totalSpots: CRASH_SMALL_COURSE_SPOTS, antsNumber: null,
      },
    }, { metadata: commandMetadata({ type: 'system', name: 'crash-test' }, clock.now()) });
  }

  /** Runs the reactors' due work until a round changes nothing, and waits for the read models to follow. */
  async function settle() {
    for (let round = 0; round < 30; round += 1) {
      const before = await adapters.eventStore.headPosition();
      await platform.reactors.sweep();
      await platform.background.idle();
      const head = await adapters.eventStore.headPosition();
      await platform.reactors.reached(head, 20_000);
      if (!(await adapters.progress.waitFor(head, 20_000))) throw new Error(`the projector did not reach ${head}`);
      if (round > 0 && head === before) return { head, rounds: round + 1 };
    }
    throw new Error('the reactors kept finding work after 30 rounds');
  }

  async function answer(request: ChildRequest): Promise<unknown> {
    switch (request.type) {
      case 'advance':
        clock.offset += request.ms;
        return { offset: clock.offset };
      case 'settle':
        return settle();
      case 'verify': {
        // The live read models of this process against a clean rebuild of the log.
        const result = await verifyProjections({ eventStore: adapters.eventStore, readStore: adapters.readStore, projections: allProjections });
        return { documents: result.documents, position: result.rebuild.position, differences: result.differences.slice(0, 10) };
      }
    }
  }

  process.on('message', (request: ChildRequest) => {
    answer(request).then(
      (result) => process.send!({ id: request.id, ok: true, result } satisfies ChildAnswer),
      (error: unknown) => process.send!({ id: request.id, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies ChildAnswer),
    );
  });
  // The test ends the child with SIGKILL, or disconnects: nothing is left running.
  process.on('disconnect', () => process.exit(0));

  const address = await platform.app.listen({ port: 0, host: '127.0.0.1' });
  process.send({ type: 'ready', port: Number(new URL(address).port) } satisfies ChildReady);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
