import type { AdminBookingDto } from '@recup/query-api/contracts/admin';
import type { TFunction } from 'i18next';
import { formatLongDate, formatMoney } from '../../../lib/format';
import type { Language } from '../../../lib/language';

type Cancelled = { refund: 'REFUNDED' | 'PENDING' | 'NONE' };

/** The day the booking's payment was refunded, when its history says it was. */
function refundedOn(booking: AdminBookingDto, language: Language): string | null {
  return booking.payment?.status === 'REFUNDED' && booking.payment.refundedAt ? formatLongDate(booking.payment.refundedAt, language) : null;
}

/**
 * What the administrator reads before cancelling a booking, and once it is done: what its history says of
 * its money. Already refunded (and when), paid online and refunded now (whoever confirmed it), paid at the
 * centre (which refunds it, not the platform), or not paid.
 */
export function cancellationNotice(booking: AdminBookingDto, t: TFunction<'admin'>, language: Language) {
  const who = { reference: booking.reference, name: `${booking.user.firstName} ${booking.user.lastName}` };
  const refunded = refundedOn(booking, language);
  const amount = formatMoney(booking.price, language);
  // Money the centre took is the centre's to give back, whatever became of an online payment that came after it.
  const atCentre = booking.paidAtCentre && {
    ...who,
    method: t(`bookings.detail.centreMethods.${booking.paidAtCentre.method}`),
    date: formatLongDate(`${booking.paidAtCentre.receivedOn}T12:00:00Z`, language),
  };
  const body = atCentre
    ? refunded ? t('bookings.cancel.bodyPaidAtCentreRefundedOnline', { ...atCentre, refundedOn: refunded }) : t('bookings.cancel.bodyPaidAtCentre', atCentre)
    : refunded
      ? t('bookings.cancel.bodyAlreadyRefunded', { ...who, date: refunded })
      : booking.payment?.status === 'SUCCEEDED'
        ? t('bookings.cancel.body', { ...who, amount })
        : t('bookings.cancel.bodyNotPaid', who);
  const done = (result: Cancelled): string | undefined => {
    if (atCentre) return undefined;
    if (refunded) return t('bookings.cancel.doneAlreadyRefunded', { date: refunded });
    if (result.refund === 'REFUNDED') return t('bookings.cancel.doneRefunded', { amount });
    return result.refund === 'PENDING' ? t('bookings.cancel.donePending') : undefined;
  };
  return { body, done };
}
