import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { OrganizationCourseDto } from '@recup/query-api/contracts/organization';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/forms/submit-button';
import { useToast } from '../../../components/ui/toast/use-toast';
import { serverMessageOf } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useDeleteCourse } from '../api/course-mutations';

/** Asks before deleting; when places are booked, says that each booking will be cancelled and refunded. */
export function DeleteCourseDialog({ course, onClose }: { course: OrganizationCourseDto; onClose: () => void }) {
  const { t } = useTranslation('organization');
  const language = useLanguage();
  const toast = useToast();
  const remove = useDeleteCourse();
  const titleId = useId();
  const textId = useId();
  const booked = course.totalSpots - course.spotsLeft;

  const confirm = () =>
    remove.mutate(course.id, {
      onSuccess: (result) => {
        const refunds = result.refunds > 0 ? ` ${t('courses.toast.deletedRefunds', { count: result.refunds })}` : '';
        toast({ variant: 'success', title: t('courses.toast.successTitle'), description: `${t('courses.toast.deleted')}.${refunds}` });
        onClose();
      },
      onError: (error) => toast({ variant: 'destructive', title: t('courses.toast.deleteError'), description: serverMessageOf(error) ?? t('errors.generic') }),
    });

  return (
    <Dialog open onClose={remove.isPending ? undefined : onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{t('courses.delete.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{t('courses.delete.body', { title: course.title, date: formatLongDate(course.startDate, language) })}</DialogContentText>
        {booked > 0 ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            <strong>{t('courses.delete.withBookings')}</strong> {t('courses.delete.bookings', { count: booked })}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={remove.isPending}>
          {t('courses.delete.keep')}
        </Button>
        <SubmitButton type="button" pending={remove.isPending} color="error" onClick={confirm} size="medium">
          {t('courses.delete.confirm')}
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
}
