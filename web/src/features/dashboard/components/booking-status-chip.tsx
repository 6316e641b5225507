import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../api/booking-queries';

const colorOf = {
  PENDING: 'warning',
  CONFIRMED: 'success',
  CANCELLED: 'error',
  COMPLETED: 'default',
} as const;

export function BookingStatusChip({ status }: { status: Booking['status'] }) {
  const { t } = useTranslation('dashboard');
  return <Chip data-testid="booking-status" size="small" color={colorOf[status]} label={t(`status.${status}`)} />;
}
