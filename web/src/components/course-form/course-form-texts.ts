import i18next from 'i18next';
import { courseFormEn } from './locales/en';
import { courseFormFr } from './locales/fr';

/** The course form's texts come with its code (the centre's area and the administrators' both load it). */
export const COURSE_FORM_NAMESPACE = 'courseForm' as const;
i18next.addResourceBundle('fr', COURSE_FORM_NAMESPACE, courseFormFr, true, true);
i18next.addResourceBundle('en', COURSE_FORM_NAMESPACE, courseFormEn, true, true);
