import { gazetteer, haversineKm } from '@recup/infra/geo/gazetteer';
import type { RecordedDomainEvent } from '@recup/shared-events';
import type { DutyStore } from './duties';

/** The catalogue's rows are kept as never-due entries of the processor store, under this name. */
const CATALOGUE = 'mail-reactor:catalogue';
const NEVER = Number.MAX_SAFE_INTEGER;

/** A course as the catalogue knows it, to offer it instead of another: where, when, what for, and its places. */
type CatalogueCourse = {
  courseId: string;
  organizationId: string;
  startDate: string;
  department: string;
  lat: number | null;
  lon: number | null;
  price: number;
  totalSpots: number;
  reserved: number;
  cancelled: boolean;
  published: boolean;
  /** The last revision of the course's stream folded in: an event seen again changes nothing. */
  revision: number;
};

/**
 * The courses on offer, kept by the mail reactor beside its checkpoint (like the reactors' duties, in the processor
 * store beside the log, never in the read store a rebuild throws away), so that the e-mail of a cancelled course can name the nearest courses
 * with a free place. Folded from the course streams in log order, idempotently by stream revision. Only a list of
 * candidates: the e-mail checks each against its course's and centre's streams before offering it.
 */
export class CourseCatalogue {
  constructor(private readonly store: DutyStore) {}

  private async get(courseId: string) {
    return ((await this.store.duty(CATALOGUE, `course:${courseId}`))?.data as CatalogueCourse | undefined) ?? null;
  }

  private async put(course: CatalogueCourse) {
    await this.store.putDuty({ reactor: CATALOGUE, key: `course:${course.courseId}`, dueAt: NEVER, data: course });
  }

  /** Folds one event of the log in (the course events; every other is ignored). */
  async apply(event: RecordedDomainEvent) {
    if (event.type === 'CourseBatchPublished') {
      for (const courseId of event.data.courseIds) {
        const known = await this.get(courseId);
        if (known && !known.published) await this.put({ ...known, published: true });
      }
      return;
    }
    if (!['CourseScheduled', 'CourseDetailsChanged', 'CourseCancelled', 'SpotReserved', 'SpotReleased'].includes(event.type)) return;
    const courseId = (event.data as { courseId: string }).courseId;
    const known = await this.get(courseId);
    if (known && known.revision >= event.revision) return;
    const located = (city: string, postalCode: string) => gazetteer().locate(city, postalCode);
    switch (event.type) {
      case 'CourseScheduled': {
        const place = located(event.data.city, event.data.postalCode);
        await this.put({
          courseId, organizationId: event.data.organizationId, startDate: event.data.startDate, department: event.data.department, lat: place?.lat ?? null, lon: place?.lon ?? null,
          price: event.data.price, totalSpots: event.data.totalSpots, reserved: 0, cancelled: false, published: event.data.batchId === undefined, revision: event.revision,
        });
        return;
      }
      case 'CourseDetailsChanged': {
        if (!known) return;
        const place = located(event.data.city, event.data.postalCode);
        await this.put({
          ...known, startDate: event.data.startDate, department: event.data.department, lat: place?.lat ?? null, lon: place?.lon ?? null, price: event.data.price,
          totalSpots: event.data.totalSpots, revision: event.revision,
        });
        return;
      }
      case 'CourseCancelled':
        if (known) await this.put({ ...known, cancelled: true, revision: event.revision });
        return;
      case 'SpotReserved':
      case 'SpotReleased':
        if (known) await this.put({ ...known, reserved: Math.max(0, known.reserved + (event.type === 'SpotReserved' ? 1 : -1)), revision: event.revision });
        return;
      default:
        return;
    }
  }

  /**
   * The courses with a free place that start after `after`, other than `except`, nearest to a point first (in whole
   * kilometres), then soonest: candidates, to be checked against their streams.
   */
  async nearest(point: { lat: number; lon: number } | null, options: { after: Date; except: string }): Promise<Array<{ course: CatalogueCourse; distanceKm: number | null }>> {
    const rows = await this.store.dueDuties(CATALOGUE, NEVER, Number.MAX_SAFE_INTEGER);
    const after = options.after.toISOString();
    return rows
      .map((row) => row.data as CatalogueCourse)
      .filter((c) => !c.cancelled && c.published && c.courseId !== options.except && c.startDate > after && c.reserved < c.totalSpots)
      .map((course) => ({ course, distanceKm: point && course.lat !== null && course.lon !== null ? haversineKm(point, { lat: course.lat, lon: course.lon }) : null }))
      .sort((a, b) => Math.round(a.distanceKm ?? Number.MAX_VALUE) - Math.round(b.distanceKm ?? Number.MAX_VALUE) || a.course.startDate.localeCompare(b.course.startDate));
  }
}
