import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { AdminOrganizationDto } from '@recup/query-api/contracts/admin';
import type { OrganizationCourseDto } from '@recup/query-api/contracts/organization';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, serverMessageOf } from '../../lib/api-client';
import { useLanguage } from '../../lib/use-language';
import { StaleEditAlert, staleEditOf, type StaleEdit } from '../forms/stale-edit-alert';
import { SubmitButton } from '../forms/submit-button';
import { useToast } from '../ui/toast/use-toast';
import { CourseDatesFields, CourseDetailsFields } from './course-fields';
import { NEW_COURSE, proposedDepartment, proposedEnd, requestOf, validateCourse, valuesOf, type CourseFormErrors, type CourseFormField, type CourseFormValues, type CourseRequest } from './course-form';
import { COURSE_FORM_NAMESPACE } from './course-form-texts';
import { usePostalCommunes } from './postal-communes';

/** A centre the administrator may publish for. */
type CourseFormCentre = Pick<AdminOrganizationDto, 'id' | 'name' | 'isVerified'>;

/** The course the form sends: its fields as the contract types them, and the centre on the administrator's form. */
export type CourseFormRequest = CourseRequest & { organizationId?: string };

export interface CourseFormDialogProps {
  open: boolean;
  onClose: () => void;
  /** The centre's course being changed; none to create one. */
  course?: OrganizationCourseDto | null;
  /** The administrator's form: the centre is chosen among these (only verified centres publish, spec 001 §2). */
  centres?: readonly CourseFormCentre[];
  /** Sends the checked course (`revision`: the course as read, for If-Match); rejects with the API's error. The caller refreshes its lists. */
  save: (course: CourseFormRequest, revision: number | undefined) => Promise<unknown>;
}

/**
 * The one course form (issue 23 §1), for a centre (create or edit) and for an administrator (create, for the centre
 * they choose): the form's and the law's rules (`checkCourse`) are checked before sending, and again by the server.
 */
export function CourseFormDialog({ course = null, centres, open, onClose, save }: CourseFormDialogProps) {
  const { t } = useTranslation(COURSE_FORM_NAMESPACE);
  const language = useLanguage();
  const toast = useToast();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const author = centres ? 'admin' : 'centre';
  const [values, setValues] = useState<CourseFormValues>(() => (course ? valuesOf(course) : NEW_COURSE));
  const [errors, setErrors] = useState<CourseFormErrors>({});
  /** Somebody changed the course since it was read: the save was refused; the page must be reloaded. */
  const [stale, setStale] = useState<StaleEdit | null>(null);
  // The revision the form's values were read at (the list may refresh while the dialog is open): sent as If-Match.
  const [readRevision] = useState(course?.revision);
  const communes = usePostalCommunes(values.postalCode);
  const mutation = useMutation({ mutationFn: (request: CourseFormRequest) => save(request, readRevision) });
  const pending = mutation.isPending;

  const change = (field: CourseFormField, value: string) => {
    setValues((current) => {
      const next = { ...current, [field]: value };
      // Choosing the start proposes the end, the next day on the same schedule.
      if (field === 'startDate' && value) next.endDate = proposedEnd(value);
      // The postal code proposes its department, when none is chosen yet.
      if (field === 'postalCode') next.department = proposedDepartment(current, value);
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
      author,
    }, (key, options) => String(t(key as never, options as never)), language);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const request: CourseFormRequest = { ...requestOf(values, author === 'centre'), ...(author === 'admin' ? { organizationId: values.organizationId } : {}) };
    mutation.mutate(request, {
      onSuccess: () => {
        toast({ variant: 'success', title: t('toast.successTitle'), description: course ? t('toast.updated') : t('toast.created') });
        onClose();
      },
      onError: (error) => {
        const staleEdit = staleEditOf(error);
        if (staleEdit) {
          setStale(staleEdit);
          return;
        }
        // A rule the server checks (a Sunday, a public holiday, too soon) shows under its field, and in the toast.
        const message = serverMessageOf(error);
        if (isApiError(error) && error.field && message && error.field in values) setErrors({ [error.field]: message });
        toast({ variant: 'destructive', title: course ? t('toast.updateError') : t('toast.createError'), description: message ?? t('toast.generic') });
      },
    });
  };

  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{course ? t('editTitle') : t('createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Alert severity="info" variant="outlined">
              {t('lawNote')}
            </Alert>
            {centres ? (
              <>
                <TextField
                  id="course-organizationId"
                  name="organizationId"
                  select
                  label={t('organization')}
                  required
                  fullWidth
                  disabled={pending}
                  value={values.organizationId}
                  onChange={(event) => change('organizationId', event.target.value)}
                  error={Boolean(errors.organizationId)}
                  helperText={errors.organizationId ?? t('onlyVerified')}
                >
                  {centres.map((centre) => (
                    <MenuItem key={centre.id} value={centre.id} disabled={!centre.isVerified}>
                      {centre.isVerified ? centre.name : `${centre.name} (${t('pendingVerification')})`}
                    </MenuItem>
                  ))}
                </TextField>
                {centres.every((centre) => !centre.isVerified) ? <Alert severity="warning">{t('onlyVerified')}</Alert> : null}
              </>
            ) : null}
            <CourseDetailsFields values={values} errors={errors} onChange={change} disabled={pending} idPrefix="course" bookedSpots={course?.bookedSpots} descriptionRequired={author === 'admin'} />
            <CourseDatesFields values={values} errors={errors} onChange={change} disabled={pending} idPrefix="course" />
            {stale && <StaleEditAlert stale={stale} />}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={pending}>
            {t('cancel')}
          </Button>
          <SubmitButton pending={pending} disabled={stale !== null} size="medium">
            {course ? t('save') : t('createSubmit')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
