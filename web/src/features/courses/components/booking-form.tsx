import { SubmitButton } from '../../../components/forms/submit-button';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/ui/toast/use-toast';
import { isApiError, serverMessageOf } from '../../../lib/api-client';
import { holdDeadline } from '../../../lib/hold-deadline';
import { useLanguage } from '../../../lib/use-language';
import { usePlaceBooking } from '../api/place-booking';
import type { Course } from '../api/course-queries';
import { availabilityOf } from '../utils/availability';
import { startsWithinWithdrawalPeriod } from '@recup/shared-events/bookings/withdrawal';
import { LearnerCaseFields } from '../../../components/learner-case/learner-case-fields';
import { emptyLearnerCase, learnerCaseErrors, learnerCaseRequest, validLetterDay, type LearnerCaseErrors } from '../../../components/learner-case/learner-case-values';
import { LearnerCaseNotice } from '../../../components/points/learner-case-notice';

/** The specification waits this long after a booking before leaving for the checkout. */
const REDIRECT_AFTER_BOOKING_MS = 1500;

function isAlreadyBooked(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.code === 'ALREADY_BOOKED' || error.message.toLowerCase().includes('already has a booking');
}

export function BookingForm({
  course,
  isAuthenticated,
  onAuthRequired,
  heldForMe = false,
}: {
  /** With its end, the 48N case says whether the course ends within the letter's four months. */
  course: Pick<Course, 'id' | 'spotsLeft' | 'status' | 'startDate'> & { endDate?: string };
  isAuthenticated: boolean;
  onAuthRequired: () => void;
  /** A place of this full course is held for the signed-in learner (their waiting list's offer): they book it here. */
  heldForMe?: boolean;
}) {
  const { t } = useTranslation('courses');
  const { t: common } = useTranslation();
  const toast = useToast();
  const language = useLanguage();
  const navigate = useNavigate();
  const booking = usePlaceBooking();
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [termsError, setTermsError] = useState(false);
  // A course that starts within the 14 days of the withdrawal period: the learner must ask for that start (the right then does not apply).
  const [earlyStart, setEarlyStart] = useState(false);
  const [earlyStartError, setEarlyStartError] = useState(false);
  // Why the learner takes the course: asked here, or at the payment step when left unanswered.
  const [learnerCase, setLearnerCase] = useState(emptyLearnerCase);
  const [caseErrors, setCaseErrors] = useState<LearnerCaseErrors>({});
  const [now] = useState(() => new Date());
  const asksEarlyStart = startsWithinWithdrawalPeriod(now, course.startDate);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The toast that says the terms box is not ticked goes as soon as it is.
  const dismissTermsToast = useRef<(() => void) | null>(null);
  const termsErrorId = useId();
  const earlyStartErrorId = useId();

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const full = availabilityOf(course.spotsLeft) === 'full' && !heldForMe;
  const open = course.status === 'SCHEDULED';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isAuthenticated) {
      toast({ variant: 'destructive', title: t('toast.authRequiredTitle'), description: t('toast.authRequired'), group: 'auth' });
      onAuthRequired();
      return;
    }
    if (!acceptTerms) {
      setTermsError(true);
      dismissTermsToast.current = toast({ variant: 'destructive', title: t('toast.termsTitle'), description: t('toast.termsRequired'), group: 'booking' });
      return;
    }
    if (asksEarlyStart && !earlyStart) {
      setEarlyStartError(true);
      toast({ variant: 'destructive', title: t('toast.termsTitle'), description: t('booking.earlyStartRequired') });
      return;
    }
    const problems = learnerCaseErrors(learnerCase, common, language, { required: false });
    setCaseErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const declared = learnerCaseRequest(learnerCase);
    booking.mutate(
      { courseId: course.id, ...(asksEarlyStart ? { earlyStartRequested: true } : {}), ...(declared ?? {}) },
      {
        onSuccess: (placed) => {
          // Nothing is booked before it is paid: the toast says until when the place is held.
          const hold = holdDeadline(placed.holdExpiresAt, new Date(), language);
          const description = hold.date ? t('toast.successDay', { date: hold.date, time: hold.time }) : t('toast.success', { time: hold.time });
          toast({ variant: 'success', title: t('toast.successTitle'), description, group: 'booking' });
          redirectTimer.current = setTimeout(() => {
            void navigate(placed.redirectUrl || '/dashboard');
          }, REDIRECT_AFTER_BOOKING_MS);
        },
        onError: (error) => {
          if (isAlreadyBooked(error)) {
            toast({
              variant: 'destructive',
              title: t('toast.alreadyBookedTitle'),
              description: t('toast.alreadyBooked'),
              action: { label: t('toast.viewExistingBooking'), onClick: () => void navigate('/dashboard') },
              group: 'booking',
            });
            return;
          }
          // A Problem from the server is already worded for people, in their language; a status line is not.
          toast({ variant: 'destructive', title: t('toast.errorTitle'), description: serverMessageOf(error) ?? t('toast.errorDefault'), group: 'booking' });
        },
      },
    );
  };

  const pending = booking.isPending || booking.isSuccess;

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        <LearnerCaseFields
          values={learnerCase}
          errors={caseErrors}
          onChange={(values) => {
            setLearnerCase(values);
            setCaseErrors({});
          }}
          disabled={pending}
          optional
        />
        {course.endDate ? (
          <LearnerCaseNotice learnerCase={learnerCase.learnerCase || null} letterReceivedOn={validLetterDay(learnerCase, language)} courseEndDate={course.endDate} />
        ) : null}
        <Box>
          <FormControlLabel
            control={
              <Checkbox
                checked={acceptTerms}
                onChange={(event) => {
                  setAcceptTerms(event.target.checked);
                  if (event.target.checked) {
                    setTermsError(false);
                    dismissTermsToast.current?.();
                    dismissTermsToast.current = null;
                  }
                }}
                slotProps={{
                  input: {
                    'aria-invalid': termsError || undefined,
                    'aria-describedby': termsError ? termsErrorId : undefined,
                  },
                }}
              />
            }
            label={t('booking.acceptTerms')}
          />
          {termsError ? (
            <FormHelperText id={termsErrorId} error>
              {t('toast.termsRequired')}
            </FormHelperText>
          ) : null}
          <Link component={RouterLink} to="/terms-and-conditions" target="_blank" rel="noopener" variant="body2" sx={{ display: 'inline-block', ml: 4 }}>
            {t('booking.readTerms')}
          </Link>
        </Box>
        {asksEarlyStart ? (
          <Box>
            <FormControlLabel
              sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { mt: -0.75 } }}
              control={
                <Checkbox
                  checked={earlyStart}
                  onChange={(event) => {
                    setEarlyStart(event.target.checked);
                    if (event.target.checked) setEarlyStartError(false);
                  }}
                  slotProps={{
                    input: {
                      'aria-invalid': earlyStartError || undefined,
                      'aria-describedby': earlyStartError ? earlyStartErrorId : undefined,
                    },
                  }}
                />
              }
              label={<Typography variant="body2">{t('booking.earlyStart')}</Typography>}
            />
            {earlyStartError ? (
              <FormHelperText id={earlyStartErrorId} error>
                {t('booking.earlyStartRequired')}
              </FormHelperText>
            ) : null}
          </Box>
        ) : null}
        <SubmitButton pending={booking.isPending} disabled={!open || full || pending}>
          {t('booking.submit')}
        </SubmitButton>
        <Typography variant="body2" color="text.secondary">
          {!open ? t('detail.notOpen') : full ? t('booking.full') : t('booking.note')}
        </Typography>
      </Stack>
    </Box>
  );
}
