import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { spotsColour } from '../utils/spots';

/** "left / total", coloured by how many places are left (spec 001 §2). */
export function SpotsChip({ spotsLeft, totalSpots }: { spotsLeft: number; totalSpots: number }) {
  const { t } = useTranslation('organization');
  return (
    <Chip
      size="small"
      color={spotsColour(spotsLeft)}
      label={t('spots', { count: spotsLeft, total: totalSpots })}
      aria-label={t('spotsLabel', { count: spotsLeft, total: totalSpots })}
      data-spots={spotsColour(spotsLeft)}
    />
  );
}
