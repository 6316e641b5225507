import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../../lib/api-client';
import { queryContracts } from '../../../lib/contracts-on-demand';
import { formatDateRange } from '../../../lib/format';
import { queryRoots } from '../../../lib/query-roots';
import { useLanguage } from '../../../lib/use-language';

/**
 * The one-click move from the e-mail of a course its centre cancelled (issue 19 §4): the link opens this course's page
 * with `?replaces=<booking id>`. The cancelled booking was refunded in full, so the "move" is a new booking of this
 * course: the page names the booking it replaces and leaves the booking form (with its terms and its checks) to do
 * the rest. Nothing changes on the way here: a GET never does.
 */
export function ReplacementNotice({ isLearner }: { isLearner: boolean }) {
  const { t } = useTranslation('courses');
  const language = useLanguage();
  const [params] = useSearchParams();
  const replaces = params.get('replaces');
  const bookings = useQuery({
    queryKey: [...queryRoots.bookings, 'mine'] as const,
    // The contracts (and zod) load on demand: the public course page does not carry them in its first paint.
    queryFn: ({ signal }) => api.get('/api/user/bookings', { signal, schema: () => queryContracts().then((contracts) => contracts.BookingDto.array()) }),
    enabled: Boolean(replaces) && isLearner,
  });
  if (!replaces) return null;
  const replaced = bookings.data?.find((booking) => booking.id === replaces && booking.ending?.reason === 'courseCancelled');
  if (!isLearner) {
    return (
      <Alert severity="info" sx={{ mb: 3 }} data-testid="replacement-notice">
        <AlertTitle>{t('detail.replaces.title')}</AlertTitle>
        {t('detail.replaces.signIn')}
      </Alert>
    );
  }
  if (!replaced) return null;
  return (
    <Alert severity="info" sx={{ mb: 3 }} data-testid="replacement-notice">
      <AlertTitle>{t('detail.replaces.title')}</AlertTitle>
      {t('detail.replaces.body', {
        reference: replaced.bookingReference,
        city: language === 'en' ? replaced.course.titleEn : replaced.course.title,
        dates: formatDateRange(replaced.course.startDate, replaced.course.endDate, language),
      })}
    </Alert>
  );
}
