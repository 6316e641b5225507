import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDto } from '@recup/query-api/contracts';
import type { OrganizationBookingDto, OrganizationCourseDto, OrganizationDashboardDto } from '@recup/query-api/contracts/organization';
import type { CourseAttendanceDto } from '@recup/query-api/contracts/attendance';
import { startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

describe('the demo centre on first start', () => {
  let platform: Platform;
  let centre: TestClient;
  beforeAll(async () => {
    platform = await startTestPlatform({ demoActivity: true });
    await platform.settled();
    centre = new TestClient(platform.app, 'en');
    await centre.login('centre@demo.test');
  });
  afterAll(async () => {
    await platform.close();
  });

  it('has upcoming courses with learners’ bookings in every state', async () => {
    const bookings = (await centre.get('/api/organization/bookings')).json() as BookingDto[];
    const states = new Set(bookings.map((b) => `${b.status}/${b.payment?.status ?? 'centre'}`));
    expect([...states].sort()).toEqual(expect.arrayContaining(['CANCELLED/REFUNDED', 'COMPLETED/SUCCEEDED', 'COMPLETED/centre', 'CONFIRMED/SUCCEEDED', 'CONFIRMED/centre', 'PENDING/centre']));
    const upcoming = bookings.filter((b) => Date.parse(b.course.startDate) > platform.clock.now().getTime());
    expect(new Set(upcoming.map((b) => b.status))).toEqual(new Set(['PENDING', 'CONFIRMED', 'CANCELLED']));
  });

  it('shows bookings the centre confirmed unpaid, some paid at the centre on the course’s first day, one still due', async () => {
    const bookings = (await centre.get('/api/organization/bookings')).json() as OrganizationBookingDto[];
    const held = bookings.filter((b) => b.status === 'COMPLETED' && b.confirmedBy === 'centre');
    expect(held.filter((b) => b.paidAtCentre).map((b) => b.paidAtCentre!.method).sort()).toEqual(['CASH', 'CASH', 'CHEQUE', 'TRANSFER']);
    expect(held.filter((b) => b.dueAtCentre)).toHaveLength(1);
    const dashboard = (await centre.get('/api/organization/dashboard')).json() as OrganizationDashboardDto;
    expect(dashboard.money.receivedAtCentre).toBe(4 * 22_900);
    expect(dashboard.revenue).toBe(dashboard.money.receivedOnline + dashboard.money.receivedAtCentre);
  });

  it('shows a course 10 days or less away short of its 6 participants, and one already held', async () => {
    const dashboard = (await centre.get('/api/organization/dashboard')).json() as OrganizationDashboardDto;
    expect(dashboard.shortOfParticipants).toHaveLength(1);
    expect(dashboard.shortOfParticipants[0]).toMatchObject({ confirmedParticipants: 2, pendingBookings: 1 });
    expect(dashboard.nextCourses).toHaveLength(3);
    expect(dashboard.bookedSpots).toBeGreaterThan(0);
    const courses = (await centre.get('/api/organization/courses')).json() as OrganizationCourseDto[];
    // Five weeks ago's (its paperwork done), last month's, and the one that ended about a week ago.
    expect(courses.filter((c) => c.status === 'COMPLETED')).toHaveLength(3);
  });

  it('has a course that ended about a week ago whose attendance is still to record (issue 20)', async () => {
    const courses = (await centre.get('/api/organization/courses')).json() as OrganizationCourseDto[];
    const now = platform.clock.now().getTime();
    const lastWeek = courses.filter((c) => c.status === 'COMPLETED' && now - Date.parse(c.endDate) < 10 * 86_400_000);
    expect(lastWeek).toHaveLength(1);
    const sheet = (await centre.get(`/api/organization/courses/${lastWeek[0]!.id}/attendance`)).json() as CourseAttendanceDto;
    expect(sheet.window.open).toBe(true);
    expect(sheet.participants).toHaveLength(5);
    expect(sheet.participants.every((p) => p.attendance === null && p.status === 'COMPLETED')).toBe(true);
  });

  it('has a course that ended over a month ago with its attendance recorded, its attestations sent and its prefecture pack sent (issue 20)', async () => {
    const courses = (await centre.get('/api/organization/courses')).json() as OrganizationCourseDto[];
    const now = platform.clock.now().getTime();
    const done = courses.filter((c) => c.status === 'COMPLETED' && now - Date.parse(c.endDate) > 35 * 86_400_000);
    expect(done).toHaveLength(1);
    const sheet = (await centre.get(`/api/organization/courses/${done[0]!.id}/attendance`)).json() as CourseAttendanceDto;
    expect(sheet.window.open).toBe(false);
    expect(sheet.facilitators.map((f) => f.role).sort()).toEqual(['PSYCHOLOGIST', 'ROAD_SAFETY_EXPERT']);
    expect(sheet.participants.map((p) => p.attendance?.outcome).sort()).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED', 'COMPLETED', 'COMPLETED', 'NOT_COMPLETED']);
    // Its pack was sent: it is not among those the centre still has to send.
    const awaited = (await centre.get('/api/organization/prefecture-packs')).json() as Array<{ courseId: string }>;
    expect(awaited.some((pack) => pack.courseId === done[0]!.id)).toBe(false);
    expect(awaited.length).toBeGreaterThan(0);
  });

  it('has taken real test money: deleting a course refunds its paid bookings through the gateway', async () => {
    const courses = (await centre.get('/api/organization/courses')).json() as OrganizationCourseDto[];
    const [first] = courses.filter((c) => c.status === 'SCHEDULED' && !c.shortOfParticipants && c.bookedSpots > 3);
    const deleted = await centre.request('DELETE', `/api/courses/${first!.id}`);
    expect(deleted.json()).toEqual({ courseId: first!.id, status: 'CANCELLED', cancelledBookings: 5, refunds: 2 });
    const after = (await centre.get(`/api/organization/bookings?courseId=${first!.id}`)).json() as BookingDto[];
    expect(after.every((b) => b.status === 'CANCELLED')).toBe(true);
    expect(after.filter((b) => b.payment?.status === 'REFUNDED')).toHaveLength(3);
  });

  it('sends no e-mail about what happened before the demo began', async () => {
    const mails = await platform.adapters.mailer.list();
    expect(mails.filter((m) => m.kind !== 'course-cancelled' && m.kind !== 'payment-refunded')).toEqual([]);
  });
});
