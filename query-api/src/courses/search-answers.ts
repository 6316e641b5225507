import type { z } from 'zod';
import { nextParisDay, parisDay, parisDayStart } from '@recup/infra/time/paris';
import type { CourseSearchQuery } from '../contracts';
import type { QueryApiDeps } from '../deps';
import { courseOrganizations, organizationOf } from '../organization-names';
import { searchCourses } from './course-search';
import { toCourseDto } from './course-view';

type Query = z.output<typeof CourseSearchQuery>;

/** The filters and the order that make an answer (paging only cuts it); unknown parameters are ignored, as the route does. */
const FILTERS = ['location', 'department', 'startDate', 'endDate', 'weekend', 'maxPrice', 'maxDistance', 'sort'] as const;

interface Answer {
  /** The projection position it was computed at: any newer event may change it. */
  position: number;
  /** It holds until this instant (ms): the next Paris midnight (today's courses drop out) or the next start or end of a course it lists (its status changes). */
  validUntil: number;
  /** Each course as JSON, in the answer's order. */
  courses: string[];
  /** The whole array, as the spec's call answers it, encoded once (a string would be encoded again for every answer). */
  all: Buffer;
}

/**
 * The course search's answers, kept per projection position: a search asked again before the projector
 * moves on (and before the clock changes what it shows) is a lookup and a string, with no filter, no
 * mapping and no serialisation. A new event, the next Paris midnight, or the start or end of a listed
 * course makes the next search compute its answer again. Bounded in bytes; the least recently used go.
 */
export class SearchAnswers {
  private readonly answers = new Map<string, Answer>();
  private bytes = 0;

  constructor(private readonly deps: Pick<QueryApiDeps, 'readStore' | 'progress' | 'clock' | 'refundCutoffHours' | 'waitlistOfferHours'>, private readonly maxBytes = 64 * 2 ** 20) {}

  /** The answer as JSON: the array of every course found, or one page of it with the total when `page` or `pageSize` is given. */
  async search(query: Query & { page?: number; pageSize?: number }): Promise<Buffer | string> {
    const answer = await this.answer(query);
    if (query.page === undefined && query.pageSize === undefined) return answer.all;
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 20;
    const items = answer.courses.slice((page - 1) * pageSize, page * pageSize);
    return `{"items":[${items.join(',')}],"total":${answer.courses.length},"page":${page},"pageSize":${pageSize}}`;
  }

  /** The key of each query object seen (the route hands the same frozen object for the same query string). */
  private readonly keys = new WeakMap<object, string>();

  private async answer(query: Query): Promise<Answer> {
    let key = this.keys.get(query);
    if (key === undefined) {
      key = JSON.stringify(FILTERS.map((name) => query[name] ?? null));
      if (Object.isFrozen(query)) this.keys.set(query, key);
    }
    const position = this.deps.progress.current();
    const now = this.deps.clock.now();
    const kept = this.answers.get(key);
    if (kept && kept.position === position && now.getTime() < kept.validUntil) {
      // Most recently used last.
      this.answers.delete(key);
      this.answers.set(key, kept);
      return kept;
    }

    const hits = await searchCourses(this.deps.readStore, query, now);
    const organizations = await courseOrganizations(this.deps.readStore, hits.map((hit) => hit.course.organizationId));
    let validUntil = parisDayStart(nextParisDay(parisDay(now))).getTime();
    const courses = hits.map(({ course, distanceKm }) => {
      for (const instant of [Date.parse(course.startDate), Date.parse(course.endDate)]) if (instant > now.getTime() && instant < validUntil) validUntil = instant;
      return JSON.stringify(toCourseDto(course, organizationOf(organizations, course.organizationId), now, distanceKm, this.deps.refundCutoffHours, this.deps.waitlistOfferHours));
    });
    const answer: Answer = { position, validUntil, courses, all: Buffer.from(`[${courses.join(',')}]`) };
    this.keep(key, answer);
    return answer;
  }

  private keep(key: string, answer: Answer) {
    // The courses as UTF-16 strings, and the joined array's bytes.
    const size = (entry: Answer) => entry.all.length * 3;
    const previous = this.answers.get(key);
    if (previous) {
      this.bytes -= size(previous);
      this.answers.delete(key);
    }
    if (size(answer) > this.maxBytes) return;
    this.answers.set(key, answer);
    this.bytes += size(answer);
    for (const [oldest, entry] of this.answers) {
      if (this.bytes <= this.maxBytes) break;
      this.answers.delete(oldest);
      this.bytes -= size(entry);
    }
  }
}
