import { describe, expect, it } from 'vitest';
import { aCourse } from '../../../testing/fixtures';
import { courseLock, courseMonths, listCourses, type CourseListView } from './course-list';

const now = new Date('2026-11-21T09:00:00.000Z');
const course = (id: string, startDate: string, overrides: Record<string, unknown> = {}) => ({ ...aCourse({ id, startDate, ...overrides }), spotsLeft: (overrides.spotsLeft as number) ?? 8 });
const toulon1 = course('t1', '2026-12-16T07:00:00.000Z', { antsNumber: 'R83-001' });
const toulon2 = course('t2', '2026-12-16T12:00:00.000Z', { antsNumber: 'R83-002', spotsLeft: 2 });
const arles = course('a1', '2027-01-08T07:00:00.000Z', { title: 'Arles', city: 'Arles', postalCode: '13200', antsNumber: null });
const held = course('h1', '2026-10-23T06:00:00.000Z', { status: 'COMPLETED', title: 'Hyères', city: 'Hyères' });
const all = [arles, held, toulon2, toulon1];
const view = (overrides: Partial<CourseListView> = {}): CourseListView => ({ show: 'all', q: '', sort: 'default', month: '', ...overrides });
const ids = (list: { id: string }[]) => list.map((c) => c.id);

describe('the centre’s course list', () => {
  it('shows the upcoming courses soonest first, then the past ones, by default', () => {
    expect(ids(listCourses(all, view(), now))).toEqual(['t1', 't2', 'a1', 'h1']);
    expect(ids(listCourses(all, view({ show: 'past' }), now))).toEqual(['h1']);
  });

  it('searches title, city, postal code and ANTS number, whatever the case and accents', () => {
    expect(ids(listCourses(all, view({ q: 'hyeres' }), now))).toEqual(['h1']);
    expect(ids(listCourses(all, view({ q: '13200' }), now))).toEqual(['a1']);
    expect(ids(listCourses(all, view({ q: 'r83-002' }), now))).toEqual(['t2']);
  });

  it('keeps one month (Paris time), and offers the months that have courses', () => {
    expect(ids(listCourses(all, view({ month: '2026-12' }), now))).toEqual(['t1', 't2']);
    expect(courseMonths(all)).toEqual(['2026-10', '2026-12', '2027-01']);
    // 23:30 UTC on 31 December is already January in Paris.
    expect(courseMonths([course('x', '2026-12-31T23:30:00.000Z')])).toEqual(['2027-01']);
  });

  it('sorts by date either way, by title, or by places left', () => {
    expect(ids(listCourses(all, view({ sort: 'dateDesc' }), now))).toEqual(['a1', 't2', 't1', 'h1']);
    expect(ids(listCourses(all, view({ sort: 'title' }), now))).toEqual(['a1', 'h1', 't1', 't2']);
    expect(ids(listCourses(all, view({ sort: 'spotsLeft' }), now))[0]).toBe('t2');
  });
});

describe('a course the centre may no longer change', () => {
  it('is locked once cancelled, under way or over, and says which', () => {
    expect(courseLock({ status: 'SCHEDULED', startDate: '2026-12-16T07:00:00.000Z' }, now)).toBeNull();
    expect(courseLock({ status: 'CANCELLED', startDate: '2026-12-16T07:00:00.000Z' }, now)).toBe('CANCELLED');
    expect(courseLock({ status: 'IN_PROGRESS', startDate: '2026-11-20T07:00:00.000Z' }, now)).toBe('IN_PROGRESS');
    expect(courseLock({ status: 'COMPLETED', startDate: '2026-10-23T06:00:00.000Z' }, now)).toBe('COMPLETED');
    // Read before it started, looked at after: started all the same.
    expect(courseLock({ status: 'SCHEDULED', startDate: '2026-11-21T07:00:00.000Z' }, now)).toBe('IN_PROGRESS');
  });
});
