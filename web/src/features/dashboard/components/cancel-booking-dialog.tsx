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
import { serverMessageOf } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import type { Booking } from '../api/booking-queries';
import { useCancelBooking } from '../api/cancel-booking';

/** Asks before cancelling, and says beforehand whether the cancellation will be refunded. */
export function CancelBookingDialog({ booking, open, onClose }: { booking: Booking; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const toast = useToast();
  const cancel = useCancelBooking();
  const titleId = useId();
  const textId = useId();
  // A booking that moved keeps its price's worth (the difference of a cheaper course refunded, of a dearer one paid).
  const amount = formatMoney(booking.movedFrom.length > 0 ? booking.price : (booking.payment?.amount ?? booking.price), language);

  const confirm = () =>
    cancel.mutate(booking.id, {
      onSuccess: (result) => {
        toast({ variant: 'success', title: t('cancel.successTitle'), description: result.refundDue ? t('cancel.successRefunded', { amount }) : t('cancel.successNoRefund') });
        onClose();
      },
      onError: (error) => toast({ variant: 'destructive', title: t('cancel.errorTitle'), description: serverMessageOf(error) ?? t('cancel.errorDefault') }),
    });

  return (
    <Dialog open={open} onClose={cancel.isPending ? undefined : onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{t('cancel.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {booking.status === 'PENDING'
            ? t('cancel.unpaid')
            : booking.cancellation.refundDue
            ? t('cancel.refunded', { amount })
            : booking.payment?.status === 'SUCCEEDED'
              ? t('cancel.notRefunded')
              : booking.paidAtCentre
                ? t('cancel.paidAtCentre')
                : t('cancel.notPaidOnline')}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={cancel.isPending}>
          {t('cancel.keep')}
        </Button>
        <SubmitButton type="button" pending={cancel.isPending} color="error" onClick={confirm} size="medium">
          {t('cancel.confirm')}
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
}
