import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { addDays, parisCalendarDay } from '../../shared-events/src/calendar/calendar-day';
import { nextLegalCourseStart } from '../../shared-events/src/calendar/course-days';
import { parisTime } from '../../shared-events/src/calendar/paris';
import { CENTRE, WRITE } from './centre';
import { bookAndPay, newLearner } from './new-learner';

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * A small course of the demo centre, published through the API as the centre's form does: `spots` places (the law
 * wants 6 to hold a course, the form and the domain take 1 and more: a centre may open a course before it fills),
 * on the first legal days at least `daysAhead` days away.
 */
export async function publishSmallCourse(baseURL: string, spots: number, daysAhead: number, city = { title: 'Arles', city: 'Arles', postalCode: '13200', department: '13' }): Promise<{ id: string; startDate: string }> {
  const centre = await playwrightRequest.newContext({ baseURL });
  try {
    await ok(await centre.post('/api/auth/login', { ...WRITE, data: CENTRE }), 'sign-in of the centre');
    const day = nextLegalCourseStart(addDays(parisCalendarDay(new Date()), daysAhead));
    return await ok<{ id: string; startDate: string }>(await centre.post('/api/courses', {
      ...WRITE,
      data: {
        ...city, address: '12 boulevard des Lices', price: 21_900, totalSpots: spots,
        startDate: parisTime(day, 8 * 60).toISOString(), endDate: parisTime(addDays(day, 1), 17 * 60).toISOString(),
      },
    }), 'publication');
  } finally {
    await centre.dispose();
  }
}

/** Learners of their own fill the course, each paying with 4242… (no hold runs out while a test runs). */
export async function fillCourse(baseURL: string, courseId: string, count: number, tag: string): Promise<Array<{ api: APIRequestContext; bookingId: string }>> {
  const fillers: Array<{ api: APIRequestContext; bookingId: string }> = [];
  for (let i = 0; i < count; i += 1) {
    const api = await playwrightRequest.newContext({ baseURL });
    await newLearner(api, `e2e-${tag}-filler-${i}-${Date.now()}@example.test`);
    fillers.push({ api, bookingId: await bookAndPay(api, courseId) });
  }
  return fillers;
}

/** A booked learner gives their place up. */
export async function cancelBooking(api: APIRequestContext, bookingId: string): Promise<void> {
  await ok(await api.post(`/api/bookings/${bookingId}/cancel`, WRITE), 'cancellation');
}

/** The learner (signed in on `api`) joins the course's waiting list. */
export async function joinWaitingList(api: APIRequestContext, courseId: string): Promise<void> {
  await ok(await api.post(`/api/courses/${courseId}/waiting-list`, WRITE), 'joining the waiting list');
}

/**
 * The demo learner in line on two full courses of their own: on one they wait (number 1), on the other a place is
 * held for them (its booked learner cancelled). For the learner's axe walk.
 */
export async function prepareWaitingLists(baseURL: string, learner: { email: string; password: string }): Promise<{ waitingCourseId: string; offeredCourseId: string }> {
  const waiting = await publishSmallCourse(baseURL, 1, 40);
  const offered = await publishSmallCourse(baseURL, 1, 47);
  const [waitingFiller] = await fillCourse(baseURL, waiting.id, 1, 'a11y-waiting');
  const [offeredFiller] = await fillCourse(baseURL, offered.id, 1, 'a11y-offered');
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    await ok(await api.post('/api/auth/login', { ...WRITE, data: learner }), 'sign-in of the learner');
    await joinWaitingList(api, waiting.id);
    await joinWaitingList(api, offered.id);
    await cancelBooking(offeredFiller!.api, offeredFiller!.bookingId);
    await expect
      .poll(async () => (await ok<Array<{ course: { id: string }; offer: unknown }>>(await api.get('/api/user/waiting-list'), 'waiting lists')).find((e) => e.course.id === offered.id)?.offer ?? null, {
        message: 'the place held for the learner',
      })
      .toBeTruthy();
  } finally {
    await api.dispose();
    await waitingFiller!.api.dispose();
    await offeredFiller!.api.dispose();
  }
  return { waitingCourseId: waiting.id, offeredCourseId: offered.id };
}
