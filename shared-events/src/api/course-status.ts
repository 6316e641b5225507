import { z } from 'zod';
import { COURSE_STATUSES } from '../courses/course-status';

export const CourseStatus = z.enum(COURSE_STATUSES);
export type CourseStatus = z.infer<typeof CourseStatus>;
