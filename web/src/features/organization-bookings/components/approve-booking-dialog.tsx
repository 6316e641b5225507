import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/forms/submit-button';
import { useToast } from '../../../components/ui/toast/use-toast';
import { formatLongDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useApproveBooking, type CentreBooking } from '../api/booking-queries';

/** Confirming a PENDING booking is irreversible: the dialog says so (spec 001 §4); the learner gets the approval e-mail. */
export function ApproveBookingDialog({ booking, onClose }: { booking: CentreBooking; onClose: () => void }) {
  const { t } = useTranslation('organization');
  const language = useLanguage();
  const toast = useToast();
  const approve = useApproveBooking();
  const titleId = useId();
  const textId = useId();
  const name = `${booking.user.firstName} ${booking.user.lastName}`;

  const confirm = () =>
    approve.mutate(booking.id, {
      onSuccess: () => {
        toast({ variant: 'success', title: t('bookings.approve.success'), description: t('bookings.approve.successBody', { name }) });
        onClose();
      },
      onError: () => toast({ variant: 'destructive', title: t('errors.title'), description: t('bookings.approve.error') }),
    });

  return (
    <Dialog open onClose={approve.isPending ? undefined : onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{t('bookings.approve.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {t('bookings.approve.body', { reference: booking.bookingReference, name, date: formatLongDate(booking.course.startDate, language) })}
        </DialogContentText>
        {booking.payment?.status !== 'SUCCEEDED' ? <DialogContentText sx={{ mt: 1.5 }}>{t('bookings.approve.unpaid')}</DialogContentText> : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={approve.isPending}>
          {t('bookings.approve.cancel')}
        </Button>
        <SubmitButton type="button" pending={approve.isPending} onClick={confirm} size="medium">
          {t('bookings.approve.confirm')}
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
}
