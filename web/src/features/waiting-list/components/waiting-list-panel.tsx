import HourglassEmptyOutlinedIcon from '@mui/icons-material/HourglassEmptyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CourseDto } from '@recup/query-api/contracts';
import { waitingListOpen } from '@recup/shared-events/courses/waiting-list';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/forms/submit-button';
import { useToast } from '../../../components/ui/toast/use-toast';
import { serverMessageOf } from '../../../lib/api-client';
import { formatLongDate, formatTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useJoinWaitingList, useLeaveWaitingList, useWaitingEntry } from '../api/waiting-list-queries';

type PanelCourse = Pick<CourseDto, 'id' | 'spotsLeft' | 'status' | 'startDate' | 'waitingCount' | 'waitlistOfferHours'>;

/**
 * The waiting list on a course's page (issue 19 §5): on a full course, a learner joins it (a visitor is asked to
 * sign in first, as the booking button does); once in line, their position, or the place held for them and until
 * when, and a way to leave. Nothing for a course with places free (unless the learner is in line), nor for staff.
 */
export function WaitingListPanel({
  course,
  isAuthenticated,
  isLearner,
  onAuthRequired,
}: {
  course: PanelCourse;
  isAuthenticated: boolean;
  isLearner: boolean;
  onAuthRequired: () => void;
}) {
  const { t } = useTranslation('waitingList');
  const language = useLanguage();
  const toast = useToast();
  const waiting = useWaitingEntry(course.id, isLearner);
  const join = useJoinWaitingList();
  const leave = useLeaveWaitingList();
  // The moment the page opened: what it says stays the same while it is read.
  const [now] = useState(() => new Date());
  const entry = waiting.entry;
  const hours = course.waitlistOfferHours;

  if (course.status !== 'SCHEDULED' || (isAuthenticated && !isLearner)) return null;
  if (!entry && course.spotsLeft > 0) return null;
  if (isLearner && waiting.isPending) return null;

  const failed = (error: unknown) => toast({ variant: 'destructive', title: t('course.errorTitle'), description: serverMessageOf(error) ?? t('course.errorDefault'), group: 'waiting-list' });

  const joinLine = () => {
    if (!isAuthenticated) {
      toast({ variant: 'destructive', title: t('course.signInTitle'), description: t('course.signIn'), group: 'auth' });
      onAuthRequired();
      return;
    }
    join.mutate(course.id, {
      onSuccess: (joined) => toast({ variant: 'success', title: t('course.joinedTitle'), description: t('course.joined', { position: joined.position }), group: 'waiting-list' }),
      onError: failed,
    });
  };
  const leaveLine = () =>
    leave.mutate(course.id, {
      onSuccess: () => toast({ variant: 'success', title: t('course.leftTitle'), group: 'waiting-list' }),
      onError: failed,
    });

  const leaveButton = (
    <Button variant="outlined" color="inherit" onClick={leaveLine} disabled={leave.isPending} sx={{ alignSelf: 'flex-start' }}>
      {t('course.leave')}
    </Button>
  );

  let body;
  if (entry?.offer) {
    body = (
      <>
        <Alert severity="success" data-testid="waiting-offer">
          <strong>{t('course.held', { date: formatLongDate(entry.offer.expiresAt, language), time: formatTime(entry.offer.expiresAt, language) })}</strong>{' '}
          {t('course.heldHint')}
        </Alert>
        {leaveButton}
      </>
    );
  } else if (entry) {
    body = (
      <>
        {entry.offersClosed ? (
          <Typography variant="body2">{t('course.closedWaiting')}</Typography>
        ) : (
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="waiting-position">
              {t('course.position', { position: entry.position ?? 1 })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('course.positionHint', { hours })}
            </Typography>
          </Box>
        )}
        {leaveButton}
      </>
    );
  } else if (!waitingListOpen(now, course.startDate)) {
    body = <Typography variant="body2" color="text.secondary">{t('course.closed')}</Typography>;
  } else {
    body = (
      <>
        <Typography variant="body2" color="text.secondary">
          {t('course.explain', { hours })}
        </Typography>
        {course.waitingCount > 0 ? <Typography variant="body2">{t('course.count', { count: course.waitingCount })}</Typography> : null}
        <SubmitButton type="button" onClick={joinLine} pending={join.isPending} disabled={join.isPending} variant="contained" startIcon={<HourglassEmptyOutlinedIcon aria-hidden="true" />}>
          {t('course.join')}
        </SubmitButton>
      </>
    );
  }

  return (
    <Box component="section" aria-labelledby="waiting-list-title" data-testid="waiting-list" sx={{ mt: 3 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography id="waiting-list-title" component="h3" variant="h5" sx={{ mb: 1.5 }}>
        {t('course.title')}
      </Typography>
      <Stack spacing={1.5}>{body}</Stack>
    </Box>
  );
}
