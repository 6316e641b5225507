import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { OrganizationCourseDto } from '@recup/query-api/contracts/organization';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { StaleEditAlert, staleEditOf, type StaleEdit } from '../../../components/forms/stale-edit-alert';
import { SubmitButton } from '../../../components/forms/submit-button';
import { useToast } from '../../../components/ui/toast/use-toast';
import { isApiError, serverMessageOf } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { useCreateCourse, useUpdateCourse } from '../api/course-mutations';
import { usePostalCommunes } from '../api/course-queries';
import { NEW_COURSE, proposedEnd, requestOf, validateCourse, valuesOf, type CourseFormErrors, type CourseFormField, type CourseFormValues } from '../utils/course-form';
import { CourseDatesFields, CourseDetailsFields } from './course-fields';

/** Creates a course, or edits one (`course`): the form's and the law's rules are checked before sending, and again by the server. */
export function CourseFormDialog({ course, open, onClose }: { course: OrganizationCourseDto | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('organization');
  const language = useLanguage();
  const toast = useToast();
  const create = useCreateCourse();
  const update = useUpdateCourse();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [values, setValues] = useState<CourseFormValues>(() => (course ? valuesOf(course) : NEW_COURSE));
  const [errors, setErrors] = useState<CourseFormErrors>({});
  /** Somebody changed the course since it was read: the save was refused; the page must be reloaded. */
  const [stale, setStale] = useState<StaleEdit | null>(null);
  // The revision the form's values were read at (the list may refresh while the dialog is open): sent as If-Match.
  const [readRevision] = useState(course?.revision);
  const pending = create.isPending || update.isPending;
  const communes = usePostalCommunes(values.postalCode);

  const change = (field: CourseFormField, value: string) => {
    setValues((current) => {
      const next = { ...current, [field]: value };
      // Choosing the start proposes the end, the next day on the same schedule.
      if (field === 'startDate' && value) next.endDate = proposedEnd(value);
      return next;
    });
    setErrors((current) => (current[field] || (field === 'startDate' && current.endDate) ? { ...current, [field]: undefined, ...(field === 'startDate' ? { endDate: undefined } : {}) } : current));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateCourse(values, {
      now: new Date(),
      // A place held for a learner of the waiting list is taken too, until its offer ends.
      spotsTaken: course ? course.bookedSpots + course.offersHeld : undefined,
      published: course ? { startDate: course.startDate, endDate: course.endDate } : undefined,
      communes,
    }, (key, options) => String(t(key as never, options as never)), language);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const request = requestOf(values);
    const failed = (title: string) => (error: unknown) => {
      const staleEdit = staleEditOf(error);
      if (staleEdit) {
        setStale(staleEdit);
        return;
      }
      const message = serverMessageOf(error);
      if (isApiError(error) && error.field && message && error.field in values) setErrors({ [error.field]: message });
      toast({ variant: 'destructive', title, description: message ?? t('errors.generic') });
    };
    if (course) {
      update.mutate({ id: course.id, course: request, revision: readRevision }, {
        onSuccess: () => {
          toast({ variant: 'success', title: t('courses.toast.successTitle'), description: t('courses.toast.updated') });
          onClose();
        },
        onError: failed(t('courses.toast.updateError')),
      });
    } else {
      create.mutate(request, {
        onSuccess: () => {
          toast({ variant: 'success', title: t('courses.toast.successTitle'), description: t('courses.toast.created') });
          onClose();
        },
        onError: failed(t('courses.toast.createError')),
      });
    }
  };

  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{course ? t('courses.form.editTitle') : t('courses.form.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Alert severity="info" variant="outlined">
              {t('courses.form.lawNote')}
            </Alert>
            <CourseDetailsFields values={values} errors={errors} onChange={change} disabled={pending} idPrefix="course" bookedSpots={course?.bookedSpots} />
            <CourseDatesFields values={values} errors={errors} onChange={change} disabled={pending} idPrefix="course" />
            {stale && <StaleEditAlert stale={stale} />}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={pending}>
            {t('courses.form.cancel')}
          </Button>
          <SubmitButton pending={pending} disabled={stale !== null} size="medium">
            {course ? t('courses.form.save') : t('courses.form.createSubmit')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
