import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatLongDate, formatShortDate, formatTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { centreBookingQueries } from '../api/booking-queries';

/**
 * Who waits for a place on one of the centre's courses (issue 19 §5), first in line first: their names, since
 * when, and the place held for one of them until when. Shown under the bookings of the course chosen.
 */
export function CourseWaitingList({ courseId }: { courseId: string }) {
  const { t } = useTranslation('organization');
  const language = useLanguage();
  const query = useQuery(centreBookingQueries.waitingList(courseId));
  const entries = query.data ?? [];

  return (
    <Card component="section" aria-labelledby="course-waiting-list-title" data-testid="course-waiting-list" sx={{ mt: 3 }}>
      <CardContent>
        <Typography id="course-waiting-list-title" component="h2" variant="h4" sx={{ mb: 0.5 }}>
          {query.data ? `${t('bookings.waitingList.title')} (${entries.length})` : t('bookings.waitingList.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('bookings.waitingList.intro')}
        </Typography>
        {query.isPending ? (
          <Skeleton variant="rounded" height={48} />
        ) : query.isError ? (
          <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void query.refetch()}>{t('actions.retry', { ns: 'common' })}</Button>}>
            {t('bookings.waitingList.error')}
          </Alert>
        ) : entries.length === 0 ? (
          <Typography color="text.secondary">{t('bookings.waitingList.empty')}</Typography>
        ) : (
          <Box component="ol" aria-label={t('bookings.waitingList.label')} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {entries.map((entry, index) => (
              <Stack
                key={`${entry.joinedAt}-${index}`}
                component="li"
                direction={{ xs: 'column', sm: 'row' }}
                spacing={{ xs: 0.5, sm: 2 }}
                sx={{ py: 1.25, borderTop: index === 0 ? 0 : 1, borderColor: 'divider', alignItems: { sm: 'center' } }}
              >
                <Typography sx={{ fontWeight: 600, minWidth: { sm: 220 } }}>{`${index + 1}. ${entry.firstName} ${entry.lastName}`}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
                  {`${t('bookings.waitingList.joined')} ${formatShortDate(entry.joinedAt, language)} ${formatTime(entry.joinedAt, language)}`}
                </Typography>
                {entry.offer ? (
                  <Chip
                    color="success"
                    size="small"
                    sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
                    label={t('bookings.waitingList.held', { date: formatLongDate(entry.offer.expiresAt, language), time: formatTime(entry.offer.expiresAt, language) })}
                  />
                ) : (
                  <Chip size="small" variant="outlined" sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }} label={t('bookings.waitingList.waiting')} />
                )}
              </Stack>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
