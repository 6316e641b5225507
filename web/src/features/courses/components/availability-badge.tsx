import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { availabilityOf } from '../utils/availability';

const colorOf = { available: 'success', limited: 'warning', full: 'error' } as const;

export function AvailabilityBadge({ spotsLeft, size = 'small' }: { spotsLeft: number; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('courses');
  const availability = availabilityOf(spotsLeft);
  const label =
    availability === 'available'
      ? t('availability.available')
      : availability === 'limited'
        ? t('availability.limited', { count: spotsLeft })
        : t('availability.full');
  return <Chip data-availability={availability} color={colorOf[availability]} size={size} label={label} />;
}
