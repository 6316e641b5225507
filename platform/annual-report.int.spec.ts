import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseResponse } from '@recup/command-api/contracts/courses';
import type { AnnualReport } from '@recup/command-api/contracts/reports';
import { commandMetadata } from '@recup/command-api/core/metadata';
import { parseCsv } from '@recup/query-api/csv/csv';
import { pdfText } from '@recup/query-api/testing/pdf-text';
import { attendanceOutcome, parisCalendarDay, streams, toDomainEvent, type AttendanceSheetRow, type DomainEvent, type RecordedDomainEvent } from '@recup/shared-events';
import { bookAndPay, legalCourse } from './centre-fixtures';
import { signUpLearner, startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

const ALL_PRESENT: AttendanceSheetRow = { DAY1_MORNING: 'PRESENT', DAY1_AFTERNOON: 'PRESENT', DAY2_MORNING: 'PRESENT', DAY2_AFTERNOON: 'PRESENT' };
/** Friday 14 and Saturday 15 March 2025; Friday 11 and Saturday 12 April 2025; Friday 2 and Saturday 3 January 2026. */
const MARCH = { startDate: '2025-03-14T07:00:00.000Z', endDate: '2025-03-15T16:00:00.000Z', antsNumber: 'ANTS-13-2025-03' };
const APRIL = { startDate: '2025-04-11T06:00:00.000Z', endDate: '2025-04-12T15:00:00.000Z', antsNumber: 'ANTS-13-2025-04' };
const JANUARY = { startDate: '2026-01-02T07:00:00.000Z', endDate: '2026-01-03T16:00:00.000Z', antsNumber: 'ANTS-13-2026-01' };

/**
 * The figures of the report, counted again over the whole log another way: a course's trainees as the places its
 * stream still has reserved, each booking's case and attendance as its last event of that type says.
 */
function countOverTheLog(log: RecordedDomainEvent[], organizationId: string, year: number, now: Date) {
  const scheduled = log.filter((e) => e.type === 'CourseScheduled' && e.data.organizationId === organizationId).map((e) => (e.data as { courseId: string }).courseId);
  const last = <T extends RecordedDomainEvent['type']>(type: T, stream: string) => log.filter((e) => e.type === type && e.streamName === stream).at(-1) as Extract<RecordedDomainEvent, { type: T }> | undefined;
  const ofYear = scheduled.filter((id) => {
    const details = log.filter((e) => (e.type === 'CourseScheduled' || e.type === 'CourseDetailsChanged') && e.streamName === streams.course(id)).at(-1)!.data as { startDate: string };
    return parisCalendarDay(new Date(details.startDate)).startsWith(`${year}-`);
  });
  const cancelled = ofYear.filter((id) => last('CourseCancelled', streams.course(id)));
  const held = ofYear.filter((id) => !cancelled.includes(id) && Date.parse((log.filter((e) => (e.type === 'CourseScheduled' || e.type === 'CourseDetailsChanged') && e.streamName === streams.course(id)).at(-1)!.data as { endDate: string }).endDate) <= now.getTime());
  const trainees = held.flatMap((id) => {
    const places = new Set<string>();
    for (const e of log) {
      if (e.streamName !== streams.course(id)) continue;
      if (e.type === 'SpotReserved') places.add(e.data.bookingId);
      if (e.type === 'SpotReleased') places.delete(e.data.bookingId);
    }
    return [...places];
  });
  const caseOf = (bookingId: string) => last('BookingCaseDeclared', streams.booking(bookingId))?.data.learnerCase ?? 'NOT_DECLARED';
  const outcomeOf = (bookingId: string) => {
    const row = last('BookingAttendanceRecorded', streams.booking(bookingId))?.data.halfDays;
    return row ? attendanceOutcome(row) : 'PENDING';
  };
  return {
    declared: ofYear.length, held: held.length, cancelled: cancelled.length, trainees: trainees.length,
    byCase: Object.fromEntries(['VOLUNTARY', 'PROBATION_48N', 'COURT_ORDER', 'PENAL_SETTLEMENT', 'NOT_DECLARED'].map((c) => [c, trainees.filter((b) => caseOf(b) === c).length])),
    completed: trainees.filter((b) => outcomeOf(b) === 'COMPLETED').length,
    notCompleted: trainees.filter((b) => outcomeOf(b) === 'NOT_COMPLETED').length,
  };
}

describe('the annual report: a centre’s year as its log says', () => {
  let platform: Platform;
  let centre: TestClient;
  let admin: TestClient;
  let organizationId: string;
  const courses: Record<'march' | 'april' | 'january', string> = { march: '', april: '', january: '' };
  const bookings: string[] = [];
  const learners: TestClient[] = [];

  /** What the centre (or an administrator) records with the attendance and facilitators routes, written on their streams. */
  const append = async (stream: string, event: DomainEvent) => {
    await platform.adapters.eventStore.appendToStream(stream, [{ ...event, metadata: commandMetadata({ type: 'system', name: 'test' }, platform.clock.now()) }]);
  };
  const signIn = async (email: string, lang: 'fr' | 'en' = 'fr') => {
    const client = new TestClient(platform.app, lang);
    await client.login(email);
    return client;
  };

  beforeAll(async () => {
    platform = await startTestPlatform({ now: '2025-03-01T09:00:00.000Z' });
    centre = await signIn('centre@demo.test');
    organizationId = ((await centre.get('/api/organization')).json() as { id: string }).id;
    for (const [key, dates] of [['march', MARCH], ['april', APRIL], ['january', JANUARY]] as const) {
      const published = await centre.post('/api/courses', legalCourse(dates));
      expect(published.statusCode, published.body).toBe(201);
      courses[key] = (published.json() as CourseResponse).id;
    }
    // Five learners on the March course: a volunteer, a 48N case, one court order, one who says nothing, one who cancels.
    for (const [i, learnerCase] of (['VOLUNTARY', 'PROBATION_48N', 'COURT_ORDER', null, 'VOLUNTARY'] as const).entries()) {
      const learner = await signUpLearner(platform, `report.learner${i}@example.test`);
      const bookingId = await bookAndPay(learner, courses.march);
      if (learnerCase) {
        const declared = await learner.request('PUT', `/api/bookings/${bookingId}/case`, { learnerCase, letterReceivedOn: learnerCase === 'PROBATION_48N' ? '2025-02-03' : null });
        expect(declared.statusCode, declared.body).toBe(200);
      }
      bookings.push(bookingId);
      learners.push(learner);
    }
    expect((await learners[4]!.post(`/api/bookings/${bookings[4]}/cancel`)).statusCode).toBe(200);
    // One learner on the April course, which the centre then cancels.
    await bookAndPay(await signUpLearner(platform, 'report.april@example.test'), courses.april);
    expect((await centre.request('DELETE', `/api/courses/${courses.april}`)).statusCode).toBe(200);
    await platform.settled();

    // The March course ends; the centre records attendance (one learner absent on the last afternoon, one not recorded) and names its facilitators.
    platform.clock.set('2025-03-16T09:00:00.000Z');
    await platform.settled();
    await append(streams.booking(bookings[0]!), { type: 'BookingAttendanceRecorded', data: { bookingId: bookings[0]!, courseId: courses.march, halfDays: { ...ALL_PRESENT, DAY1_MORNING: 'ABSENT' }, by: 'centre', recordedBy: 'centre', recordedAt: platform.clock.now().toISOString() } });
    // A correction: the last row holds.
    await append(streams.booking(bookings[0]!), { type: 'BookingAttendanceRecorded', data: { bookingId: bookings[0]!, courseId: courses.march, halfDays: ALL_PRESENT, by: 'admin', recordedBy: 'admin', recordedAt: platform.clock.now().toISOString() } });
    await append(streams.booking(bookings[1]!), { type: 'BookingAttendanceRecorded', data: { bookingId: bookings[1]!, courseId: courses.march, halfDays: ALL_PRESENT, by: 'centre', recordedBy: 'centre', recordedAt: platform.clock.now().toISOString() } });
    await append(streams.booking(bookings[2]!), { type: 'BookingAttendanceRecorded', data: { bookingId: bookings[2]!, courseId: courses.march, halfDays: { ...ALL_PRESENT, DAY2_AFTERNOON: 'ABSENT' }, by: 'centre', recordedBy: 'centre', recordedAt: platform.clock.now().toISOString() } });
    await append(streams.course(courses.march), {
      type: 'CourseFacilitatorsNamed',
      data: { courseId: courses.march, facilitators: [{ role: 'ROAD_SAFETY_EXPERT', name: 'Paul Martin' }, { role: 'PSYCHOLOGIST', name: 'Anne Roux' }], namedBy: 'centre', namedAt: platform.clock.now().toISOString() },
    });
    platform.clock.set('2026-01-10T09:00:00.000Z');
    await platform.settled();
    centre = await signIn('centre@demo.test');
    admin = await signIn('admin@demo.test', 'en');
  }, 120_000);
  afterAll(async () => {
    await platform.close();
  });

  const figures = async (client: TestClient, url: string) => {
    const response = await client.get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AnnualReport;
  };

  it('answers figures equal to a count over the log', async () => {
    const report = await figures(centre, '/api/organization/reports/annual?year=2025&format=json');
    const log = (await platform.adapters.eventStore.readAll()).map(toDomainEvent);
    const counted = countOverTheLog(log, organizationId, 2025, platform.clock.now());
    expect({
      declared: report.courses.declared, held: report.courses.held, cancelled: report.courses.cancelled, trainees: report.trainees.total,
      byCase: Object.fromEntries(report.trainees.byCase.map(({ case: c, count }) => [c, count])), completed: report.trainees.completed, notCompleted: report.trainees.notCompleted,
    }).toEqual(counted);
  });

  it('counts the year’s courses by their first day: held, cancelled with its reason, the next January’s apart', async () => {
    const report = await figures(centre, '/api/organization/reports/annual?year=2025&format=json');
    expect(report.centre).toMatchObject({ organizationId, prefectApprovalReference: expect.any(String) });
    expect(report.provisional).toBe(false);
    const march = report.courseList.find((c) => c.courseId === courses.march);
    expect(march).toMatchObject({ status: 'HELD', trainees: 4, completed: 2, notCompleted: 1, antsNumber: MARCH.antsNumber });
    expect(report.courseList.find((c) => c.courseId === courses.april)).toMatchObject({ status: 'CANCELLED', cancellationReason: 'deletedByCentre', trainees: 0 });
    expect(report.courseList.some((c) => c.courseId === courses.january)).toBe(false);
    expect(report.courses.cancellationReasons).toContainEqual({ reason: 'deletedByCentre', count: expect.any(Number) });
    expect(report.facilitators).toEqual(expect.arrayContaining([{ role: 'ROAD_SAFETY_EXPERT', name: 'Paul Martin', courses: 1 }, { role: 'PSYCHOLOGIST', name: 'Anne Roux', courses: 1 }]));
    const next = await figures(centre, '/api/organization/reports/annual?year=2026&format=json');
    expect(next.provisional).toBe(true);
    expect(next.courseList.find((c) => c.courseId === courses.january)).toMatchObject({ status: 'HELD', trainees: 0 });
  });

  it('answers the administrator the same report for the centre, and 404 for a centre that does not exist', async () => {
    const own = await figures(centre, '/api/organization/reports/annual?year=2025&format=json');
    const theirs = await figures(admin, `/api/admin/reports/annual?year=2025&format=json&organizationId=${organizationId}`);
    expect({ ...theirs, generatedAt: null }).toEqual({ ...own, generatedAt: null });
    const unknown = await admin.get('/api/admin/reports/annual?year=2025&organizationId=no-such-centre');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'ORGANIZATION_NOT_FOUND' });
  });

  it('refuses a year to come or before 2000, naming `year` in the caller’s language', async () => {
    const future = await centre.get('/api/organization/reports/annual?year=2027');
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ code: 'REPORT_YEAR_IN_FUTURE', field: 'year', message: expect.stringContaining('2026') });
    const english = await admin.get(`/api/admin/reports/annual?year=2027&organizationId=${organizationId}`);
    expect(english.json()).toMatchObject({ field: 'year', message: expect.stringMatching(/^The year/) });
    const old = await centre.get('/api/organization/reports/annual?year=1999');
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ field: 'year' });
    expect((await centre.get('/api/organization/reports/annual')).json()).toMatchObject({ field: 'year' });
  });

  it('prints the PDF: the centre, its approval, the year, the figures and every course', async () => {
    const response = await centre.get('/api/organization/reports/annual?year=2025');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('bilan-annuel-2025.pdf');
    // Lines as drawn, a cell's wrapped lines joined again.
    const text = pdfText(response.rawPayload).flat().join(' ').replace(/ +/g, ' ');
    const report = await figures(centre, '/api/organization/reports/annual?year=2025&format=json');
    expect(text).toContain('Bilan annuel d’activité 2025');
    expect(text).toContain(report.centre.name);
    expect(text).toContain(`N° d’agrément préfectoral : ${report.centre.prefectApprovalReference}`);
    expect(text).toContain('Stages déclarés');
    expect(text).toContain('Cas 2 : permis probatoire (lettre 48N)');
    expect(text).toContain('Paul Martin');
    expect(text).toContain(MARCH.antsNumber);
    expect(text).toContain('14/03/2025 – 15/03/2025');
    expect(text).toContain('Annulé (Annulé par le centre)');
    const english = await centre.get('/api/organization/reports/annual?year=2025&lang=en');
    const englishText = pdfText(english.rawPayload).flat().join('\n');
    expect(englishText).toContain('Annual activity report 2025');
    expect(englishText).toContain('Case 2: probationary licence (48N letter)');
    expect(english.headers['content-disposition']).toContain('annual-report-2025.pdf');
    // Looked at as a person would: written out as PNG pages (test-results/annual-report/).
    const dir = join(process.cwd(), 'test-results', 'annual-report');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'annual-report-2025-fr.pdf'), response.rawPayload);
    writeFileSync(join(dir, 'annual-report-2025-en.pdf'), english.rawPayload);
    try {
      execFileSync('pdftoppm', ['-png', '-r', '60', join(dir, 'annual-report-2025-fr.pdf'), join(dir, 'annual-report-2025-fr')]);
    } catch {
      // pdftoppm is a developer's tool: the text read back above is the test.
    }
  });

  it('writes the CSV: `;`, UTF-8 with BOM, CRLF, the figures then a line per course', async () => {
    const response = await centre.get('/api/organization/reports/annual?year=2025&format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('bilan-annuel-2025.csv');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(response.body).toContain('\r\n');
    expect(response.body.replaceAll('\r\n', '')).not.toContain('\n');
    const rows = parseCsv(response.body, ';');
    const report = await figures(centre, '/api/organization/reports/annual?year=2025&format=json');
    expect(rows[0]).toEqual(['Rubrique', 'Libellé', 'Valeur', 'Dates', 'Lieu', 'N° de stage', 'Stagiaires', 'Suivis', 'Non suivis', 'Statut', 'Animateurs']);
    const value = (item: string) => rows.find((row) => row[1] === item)?.[2];
    expect(value('Stages déclarés')).toBe(String(report.courses.declared));
    expect(value('Stages tenus')).toBe(String(report.courses.held));
    expect(value('Cas 1 : stage volontaire')).toBe(String(report.trainees.byCase[0]!.count));
    expect(value('Stage suivi (présent aux 4 demi-journées)')).toBe(String(report.trainees.completed));
    const march = rows.find((row) => row[0] === 'Stage' && row[5] === MARCH.antsNumber);
    expect(march?.slice(3)).toEqual(['14/03/2025 – 15/03/2025', expect.stringContaining('Arles'), MARCH.antsNumber, '4', '2', '1', 'Tenu', 'Paul Martin, Anne Roux']);
    expect(rows.filter((row) => row[0] === 'Stage')).toHaveLength(report.courseList.length);
    const english = parseCsv((await centre.get('/api/organization/reports/annual?year=2025&format=csv&lang=en')).body, ';');
    expect(english[0]![0]).toBe('Section');
  });

  it('is for the centre’s own account and the administrators only', async () => {
    const learner = learners[0]!;
    await learner.login('report.learner0@example.test', 'learner-password');
    expect((await learner.get('/api/organization/reports/annual?year=2025')).statusCode).toBe(403);
    expect((await learner.get(`/api/admin/reports/annual?year=2025&organizationId=${organizationId}`)).statusCode).toBe(403);
    expect((await centre.get(`/api/admin/reports/annual?year=2025&organizationId=${organizationId}`)).statusCode).toBe(403);
    expect((await admin.get('/api/organization/reports/annual?year=2025')).statusCode).toBe(403);
    // A centre cannot name another centre: the report is always its own.
    expect((await centre.get(`/api/organization/reports/annual?year=2025&organizationId=${organizationId}`)).statusCode).toBe(400);
  });
});
