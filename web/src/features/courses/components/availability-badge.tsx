import Chip from '@mui/material/Chip';
import type { CourseStatus } from '@recup/query-api/contracts';
import { useTranslation } from 'react-i18next';
import { courseAvailability, type Availability } from '../utils/availability';

const colorOf: Record<Availability, 'success' | 'warning' | 'error' | 'default'> = {
  available: 'success',
  limited: 'warning',
  full: 'error',
  cancelled: 'error',
  started: 'default',
  finished: 'default',
};

/** A course's availability at a glance: its state once it is cancelled, started or finished; its spots before. */
export function AvailabilityBadge({ course, size = 'small' }: { course: { spotsLeft: number; status: CourseStatus }; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('courses');
  const availability = courseAvailability(course);
  const label = availability === 'limited' ? t('availability.limited', { count: course.spotsLeft }) : t(`availability.${availability}`);
  return <Chip data-availability={availability} color={colorOf[availability]} size={size} label={label} />;
}
