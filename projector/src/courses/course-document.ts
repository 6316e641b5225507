import type { ProjectedDoc } from '../projection';

export const COURSES_COLLECTION = 'courses';

export interface CourseLocation {
  communeCode: string;
  lat: number;
  lon: number;
}

export interface CourseDocument extends ProjectedDoc {
  organizationId: string;
  title: string;
  titleEn: string | null;
  description: string;
  descriptionEn: string | null;
  address: string;
  city: string;
  postalCode: string;
  department: string;
  startDate: string;
  endDate: string;
  /** 0 = Sunday ... 6 = Saturday, in Paris, of the first day. */
  startWeekday: number;
  price: number;
  totalSpots: number;
  spotsTaken: number;
  antsNumber: string | null;
  cancelled: boolean;
  /** City, title and postal code, without accents or case, for location search. */
  searchText: string;
  /** The centre of the course's commune (INSEE code), for distance search; null when the gazetteer knows no such place. */
  location: CourseLocation | null;
  scheduledAt: string;
}
