import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDto, CourseDto } from '@recup/query-api/contracts';
import { startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

/**
 * Issue 22, the projection lag: in the embedded platform the read models are in the process that appends, and the
 * projector folds what a command wrote before the command is answered. Whoever is answered reads their own write at
 * once, even without X-Min-Position (another tab, a link shared, a page the server renders), and a query that carries
 * it never waits for the projector.
 */
describe('the embedded platform: what a command answered is already in the read models', () => {
  let platform: Platform;
  let courses: CourseDto[];

  beforeAll(async () => {
    platform = await startTestPlatform();
    courses = (await platform.app.inject({ method: 'GET', url: '/api/courses/search?department=13' })).json();
    expect(courses.length).toBeGreaterThanOrEqual(4);
  });
  afterAll(async () => {
    await platform.close();
  });

  /** A read as a browser without the app's X-Min-Position would make it. */
  const read = (url: string, headers: Record<string, string> = {}) => platform.app.inject({ method: 'GET', url, headers });
  const spotsLeft = async (courseId: string) => ((await read(`/api/courses/${courseId}`)).json() as CourseDto).spotsLeft;

  it('shows a booking to the next read, without X-Min-Position, as soon as it is answered, several asked for at once', async () => {
    const learner = new TestClient(platform.app, 'en');
    await learner.login('learner@demo.test');
    const chosen = courses.slice(0, 4);
    const before = await Promise.all(chosen.map((course) => spotsLeft(course.id)));
    // Four bookings asked for at once (their appends commit together), each read the moment it is answered.
    const seen = await Promise.all(chosen.map(async (course) => {
      const answer = await platform.app.inject({ method: 'POST', url: '/api/bookings', headers: { ...learner.sessionHeaders(), 'x-requested-with': 'recup-points' }, payload: { courseId: course.id, earlyStartRequested: true } });
      const [left, mine] = await Promise.all([spotsLeft(course.id), read('/api/user/bookings', learner.sessionHeaders())]);
      return { status: answer.statusCode, id: (answer.json() as { id: string }).id, left, mine: (mine.json() as BookingDto[]).map((booking) => booking.id) };
    }));
    expect(seen.map((s) => s.status)).toEqual([201, 201, 201, 201]);
    expect(seen.map((s) => s.left)).toEqual(before.map((left) => left - 1));
    for (const { id, mine } of seen) expect(mine).toContain(id);
  });

  it('answers a query carrying the answer\'s position without waiting for the projector (Server-Timing says 0 ms)', async () => {
    const learner = new TestClient(platform.app, 'fr');
    await learner.login('learner@demo.test');
    const answer = await learner.post('/api/bookings', { courseId: courses[4]?.id ?? courses[0]!.id, earlyStartRequested: true });
    expect([201, 409]).toContain(answer.statusCode);
    const position = Number(answer.headers['x-event-position']);
    expect(position).toBeGreaterThan(0);
    const response = await read(`/api/courses/${courses[0]!.id}`, { 'x-min-position': String(position) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['server-timing']).toBe('projection;dur=0.0;desc="waited for X-Min-Position"');
  });
});
