import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { PageContainer } from '../../../components/layout/page-container';
import { StatusPanel } from '../../../components/ui/status-panel';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { bookingQueries } from '../api/booking-queries';
import { groupBookings } from '../utils/group-bookings';
import { BookingCard } from './booking-card';

type TabKey = 'upcoming' | 'history';

/** `waitingList`: the learner's places in line, above their bookings (the app composes it from its own feature). */
export function DashboardPage({ firstName, waitingList }: { firstName: string; waitingList?: ReactNode }) {
  const { t } = useTranslation('dashboard');
  const location = useLocation();
  const navigate = useNavigate();
  const query = useQuery(bookingQueries.mine());
  const grouped = useMemo(() => groupBookings(query.data ?? [], new Date()), [query.data]);
  const tab: TabKey = location.hash === '#history' ? 'history' : 'upcoming';
  // On a phone both tabs share the width, their labels wrapping, rather than one hiding behind a scroll arrow.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const selectTab = (next: TabKey) => {
    void navigate({ pathname: location.pathname, search: location.search, hash: next === 'history' ? '#history' : '' }, { replace: true });
  };

  const list = grouped[tab];

  return (
    <PageContainer title={t('title')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' }, mb: 3 }}>
        <Box>
          <Typography component="h1" variant="h1">
            {t('title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {`${t('welcome', { firstName })} — ${t('subtitle')}`}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button component={RouterLink} to="/profile" variant="outlined" startIcon={<PersonOutlineIcon aria-hidden="true" />}>
            {t('profile')}
          </Button>
          <Button component={RouterLink} to="/courses" variant="contained" startIcon={<SearchIcon aria-hidden="true" />}>
            {t('findCourse')}
          </Button>
        </Stack>
      </Stack>

      {waitingList}

      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs value={tab} onChange={(_, value: TabKey) => selectTab(value)} aria-label={t('tabs.label')} variant={phone ? 'fullWidth' : 'standard'}>
          <Tab value="upcoming" id="tab-upcoming" aria-controls="panel-bookings" wrapped={phone} label={`${t('tabs.upcoming')} (${grouped.upcoming.length})`} />
          <Tab value="history" id="tab-history" aria-controls="panel-bookings" wrapped={phone} label={`${t('tabs.history')} (${grouped.history.length})`} />
        </Tabs>
      </Box>

      <Box role="tabpanel" id="panel-bookings" aria-labelledby={`tab-${tab}`}>
        {query.isPending ? (
          <Box role="status">
            <VisuallyHidden>{t('loading')}</VisuallyHidden>
            <Stack spacing={2}>
              <Skeleton variant="rounded" height={150} />
              <Skeleton variant="rounded" height={150} />
            </Stack>
          </Box>
        ) : query.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                {t('actions.retry', { ns: 'common' })}
              </Button>
            }
          >
            {t('error')}
          </Alert>
        ) : list.length === 0 ? (
          <StatusPanel
            icon={<EventBusyOutlinedIcon />}
            title={tab === 'upcoming' ? t('empty.upcoming') : t('empty.history')}
            actions={
              <Button component={RouterLink} to="/courses" variant="contained">
                {t('findCourse')}
              </Button>
            }
          />
        ) : (
          <Grid container spacing={2.5}>
            {list.map((booking) => (
              <Grid key={booking.id} size={{ xs: 12, md: 6 }}>
                <BookingCard booking={booking} />
              </Grid>
            ))}
          </Grid>
        )}
      </Box>
    </PageContainer>
  );
}
