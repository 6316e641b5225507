import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import type { BookingStatus, CourseStatus, PaymentStatus } from '@recup/query-api/contracts';
import { useTranslation } from 'react-i18next';

type Color = ChipProps['color'];
type Role = 'USER' | 'ORGANIZATION' | 'ADMIN';

const courseColor: Record<CourseStatus, Color> = { SCHEDULED: 'primary', IN_PROGRESS: 'warning', COMPLETED: 'default', CANCELLED: 'error' };
const bookingColor: Record<BookingStatus, Color> = { PENDING: 'warning', CONFIRMED: 'success', COMPLETED: 'default', CANCELLED: 'error' };
const paymentColor: Record<PaymentStatus, Color> = { SUCCEEDED: 'success', PENDING: 'warning', REFUNDED: 'info', FAILED: 'error' };
const roleColor: Record<Role, Color> = { USER: 'default', ORGANIZATION: 'secondary', ADMIN: 'primary' };

export function CourseStatusChip({ status }: { status: CourseStatus }) {
  const { t } = useTranslation('admin');
  return <Chip size="small" color={courseColor[status]} label={t(`status.course.${status}`)} />;
}

export function BookingStatusChip({ status }: { status: BookingStatus }) {
  const { t } = useTranslation('admin');
  return <Chip size="small" color={bookingColor[status]} label={t(`status.booking.${status}`)} data-testid="booking-status" />;
}

export function PaymentStatusChip({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation('admin');
  return <Chip size="small" color={paymentColor[status]} label={t(`status.payment.${status}`)} data-testid="payment-status" />;
}

export function RoleChip({ role }: { role: Role }) {
  const { t } = useTranslation('admin');
  return <Chip size="small" variant={role === 'USER' ? 'outlined' : 'filled'} color={roleColor[role]} label={t(`status.role.${role}`)} />;
}

/** A centre's or an account's verification. */
export function VerifiedChip({ verified, pendingLabel }: { verified: boolean; pendingLabel?: string }) {
  const { t } = useTranslation('admin');
  return <Chip size="small" variant={verified ? 'filled' : 'outlined'} color={verified ? 'success' : 'warning'} label={verified ? t('status.verified') : (pendingLabel ?? t('status.notVerified'))} />;
}
