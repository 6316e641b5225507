import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import HourglassEmptyOutlinedIcon from '@mui/icons-material/HourglassEmptyOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useToast } from '../../../components/ui/toast/use-toast';
import { serverMessageOf } from '../../../lib/api-client';
import { formatDateRange, formatLongDate, formatTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useLeaveWaitingList, waitingListQueries, type WaitingListEntry } from '../api/waiting-list-queries';

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      <Box aria-hidden="true" sx={{ display: 'flex', '& svg': { fontSize: 20 } }}>
        {icon}
      </Box>
      <Typography variant="body2">{children}</Typography>
    </Stack>
  );
}

function EntryCard({ entry }: { entry: WaitingListEntry }) {
  const { t } = useTranslation('waitingList');
  const language = useLanguage();
  const toast = useToast();
  const leave = useLeaveWaitingList();
  const titleId = useId();
  const { course, offer } = entry;
  const title = language === 'en' ? course.titleEn : course.title;
  const courseUrl = `/courses/${encodeURIComponent(course.id)}`;
  const free = entry.offersClosed && course.spotsLeft > 0;

  const leaveLine = () =>
    leave.mutate(course.id, {
      onSuccess: () => toast({ variant: 'success', title: t('course.leftTitle'), group: 'waiting-list' }),
      onError: (error) => toast({ variant: 'destructive', title: t('course.errorTitle'), description: serverMessageOf(error) ?? t('course.errorDefault'), group: 'waiting-list' }),
    });

  return (
    <Card component="article" aria-labelledby={titleId} data-testid="waiting-entry">
      <CardContent>
        <Typography id={titleId} component="h3" variant="h4" sx={{ mb: 1 }}>
          <Link component={RouterLink} to={courseUrl} color="inherit">
            {title}
          </Link>
        </Typography>
        <Stack spacing={0.75} sx={{ mb: 1.5 }}>
          <Line icon={<CalendarMonthOutlinedIcon />}>{formatDateRange(course.startDate, course.endDate, language)}</Line>
          <Line icon={<PlaceOutlinedIcon />}>{`${course.postalCode} ${course.city}`}</Line>
        </Stack>
        {offer ? (
          <Alert severity="success" data-testid="waiting-entry-offer">
            <AlertTitle>{t('dashboard.held', { date: formatLongDate(offer.expiresAt, language), time: formatTime(offer.expiresAt, language) })}</AlertTitle>
            {t('dashboard.heldHint')}
          </Alert>
        ) : free ? (
          <Alert severity="info">{t('dashboard.free')}</Alert>
        ) : entry.offersClosed ? (
          <Typography variant="body2" color="text.secondary">
            {t('dashboard.closed')}
          </Typography>
        ) : (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <HourglassEmptyOutlinedIcon aria-hidden="true" color="primary" />
            <Typography sx={{ fontWeight: 600 }} data-testid="waiting-entry-position">
              {t('dashboard.position', { position: entry.position ?? 1 })}
            </Typography>
          </Stack>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={leaveLine} disabled={leave.isPending} color="inherit" aria-label={t('dashboard.leaveLabel', { title })}>
          {t('dashboard.leave')}
        </Button>
        {offer || free ? (
          <Button component={RouterLink} to={courseUrl} variant="contained" aria-describedby={titleId}>
            {offer ? t('dashboard.book') : t('dashboard.bookFree')}
          </Button>
        ) : null}
      </CardActions>
    </Card>
  );
}

/**
 * The learner's places in line on their dashboard (issue 19 §5): each course with the learner's position, or the
 * place held for them until when with "Réserver ma place"; nothing at all while they wait on no course.
 */
export function WaitingListEntries() {
  const { t } = useTranslation('waitingList');
  const query = useQuery(waitingListQueries.mine());

  if (query.isError) {
    return (
      <Alert
        severity="error"
        sx={{ mb: 3 }}
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('actions.retry', { ns: 'common' })}
          </Button>
        }
      >
        {t('dashboard.error')}
      </Alert>
    );
  }
  const entries = query.data ?? [];
  if (entries.length === 0) return null;
  // A place held for the learner comes first: it has a deadline.
  const ordered = [...entries].sort((a, b) => Number(Boolean(b.offer)) - Number(Boolean(a.offer)));

  return (
    <Box component="section" aria-labelledby="waiting-lists-title" data-testid="waiting-lists" sx={{ mb: 4 }}>
      <Typography id="waiting-lists-title" component="h2" variant="h3">
        {t('dashboard.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('dashboard.subtitle')}
      </Typography>
      <Grid container spacing={2.5}>
        {ordered.map((entry) => (
          <Grid key={entry.course.id} size={{ xs: 12, md: 6 }}>
            <EntryCard entry={entry} />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
