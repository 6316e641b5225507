import type { Language } from '../../../lib/language';

/** The title holds the city label; the English one falls back to the French. */
export function courseTitle(course: { title: string; titleEn: string }, language: Language): string {
  return language === 'en' && course.titleEn ? course.titleEn : course.title;
}

export function courseDescription(course: { description: string; descriptionEn: string }, language: Language): string {
  return language === 'en' && course.descriptionEn ? course.descriptionEn : course.description;
}
