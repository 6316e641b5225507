import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDto, CourseSearchPage } from '@recup/query-api/contracts';
import { startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

describe('course search: pages on demand, answers that follow every change and the clock', () => {
  let platform: Platform;
  let everything: CourseDto[];
  beforeAll(async () => {
    platform = await startTestPlatform();
    everything = (await new TestClient(platform.app).get('/api/courses/search')).json() as CourseDto[];
  });
  afterAll(async () => {
    await platform.close();
  });

  it('answers the spec\'s call without paging parameters with the JSON array of every course found', async () => {
    const response = await new TestClient(platform.app).get('/api/courses/search?department=83');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const courses = response.json() as CourseDto[];
    expect(Array.isArray(courses)).toBe(true);
    expect(courses.length).toBeGreaterThan(3);
    expect(courses.every((c) => c.department === '83')).toBe(true);
    expect(courses).toEqual(everything.filter((c) => c.department === '83'));
  });

  it('answers one page and the total when asked for a page, in the same order as the whole answer', async () => {
    const client = new TestClient(platform.app);
    const first = (await client.get('/api/courses/search?page=1&pageSize=5')).json() as CourseSearchPage;
    const second = (await client.get('/api/courses/search?page=2&pageSize=5')).json() as CourseSearchPage;
    expect(first).toMatchObject({ total: everything.length, page: 1, pageSize: 5 });
    expect(first.items).toEqual(everything.slice(0, 5));
    expect(second.items).toEqual(everything.slice(5, 10));
    const beyond = (await client.get(`/api/courses/search?page=${everything.length}&pageSize=5`)).json() as CourseSearchPage;
    expect(beyond).toMatchObject({ items: [], total: everything.length });
    const defaultSize = (await client.get('/api/courses/search?page=1')).json() as CourseSearchPage;
    expect(defaultSize.items).toEqual(everything.slice(0, 20));
  });

  it('refuses a bad page size with a problem naming the field, in the caller\'s language', async () => {
    const response = await new TestClient(platform.app, 'en').get('/api/courses/search?pageSize=0');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(response.json()).toMatchObject({ field: 'pageSize' });
  });

  it('shows a booking in the next search: the answer kept for the previous position is not served again', async () => {
    const learner = new TestClient(platform.app);
    const course = everything.find((c) => c.department === '13' && c.spotsLeft > 1)!;
    const before = ((await learner.get('/api/courses/search?department=13')).json() as CourseDto[]).find((c) => c.id === course.id)!;
    await learner.login('learner@demo.test');
    expect((await learner.post('/api/bookings', { earlyStartRequested: true, courseId: course.id })).statusCode).toBe(201);
    const after = ((await learner.get('/api/courses/search?department=13')).json() as CourseDto[]).find((c) => c.id === course.id)!;
    expect(after.spotsLeft).toBe(before.spotsLeft - 1);
    const paged = (await learner.get('/api/courses/search?department=13&page=1&pageSize=100')).json() as CourseSearchPage;
    expect(paged.items.find((c) => c.id === course.id)!.spotsLeft).toBe(before.spotsLeft - 1);
  });

  it('checks every query string, asked once or again, with or without the web app\'s cache-buster', async () => {
    const client = new TestClient(platform.app, 'en');
    const expected = everything.filter((c) => c.department === '83');
    for (let round = 0; round < 2; round += 1) {
      expect((await client.get('/api/courses/search?department=83')).json()).toEqual(expected);
      expect((await client.get(`/api/courses/search?department=83&t=${1_700_000_000_000 + round}`)).json()).toEqual(expected);
      for (const bad of ['department=99', 'department=83&t=%00', 'department=83&t=x%00', 'department=83&pageSize=0', 'department=83&maxPrice=0x10']) {
        const response = await client.get(`/api/courses/search?${bad}`);
        expect(response.statusCode, bad).toBe(400);
        expect(response.headers['content-type'], bad).toMatch(/application\/problem\+json/);
      }
    }
  });

  it('shows a booking\'s places at once to everyone: the booker reading their write, and a visitor after them', async () => {
    const learner = new TestClient(platform.app);
    const visitor = new TestClient(platform.app);
    const course = everything.find((c) => c.department === '84' && c.spotsLeft > 1)!;
    const spotsOf = async (client: TestClient, url: string) => {
      const answer = (await client.get(url)).json() as CourseDto[] | CourseSearchPage;
      return (Array.isArray(answer) ? answer : answer.items).find((c) => c.id === course.id)!.spotsLeft;
    };
    const urls = ['/api/courses/search?department=84', '/api/courses/search?department=84&page=1&pageSize=100', '/api/courses/search'];
    // Kept for the present position, for each of these queries.
    for (const url of urls) expect(await spotsOf(visitor, url)).toBe(course.spotsLeft);
    await learner.login('learner@demo.test');
    expect((await learner.post('/api/bookings', { earlyStartRequested: true, courseId: course.id })).statusCode).toBe(201);
    // The booker's next reads carry X-Min-Position: they wait for their booking, then find it counted.
    expect(learner.minPosition).toBeGreaterThan(0);
    for (const url of urls) expect(await spotsOf(learner, url)).toBe(course.spotsLeft - 1);
    for (const url of urls) expect(await spotsOf(visitor, url)).toBe(course.spotsLeft - 1);
  });

  it('follows the clock with no new event: a course is in progress once it starts, and gone the day after it started', async () => {
    const client = new TestClient(platform.app);
    const [soonest] = (await client.get('/api/courses/search')).json() as CourseDto[];
    expect(soonest!.status).toBe('SCHEDULED');
    const position = await platform.adapters.eventStore.headPosition();

    platform.clock.set(new Date(Date.parse(soonest!.startDate) + 60_000).toISOString());
    const started = ((await client.get('/api/courses/search')).json() as CourseDto[]).find((c) => c.id === soonest!.id);
    expect(started?.status).toBe('IN_PROGRESS');

    platform.clock.set(new Date(Date.parse(soonest!.startDate) + 24 * 3_600_000).toISOString());
    const nextDay = (await client.get('/api/courses/search')).json() as CourseDto[];
    expect(nextDay.some((c) => c.id === soonest!.id)).toBe(false);
    expect(await platform.adapters.eventStore.headPosition()).toBe(position);
  });
});
