import AddIcon from '@mui/icons-material/Add';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import EuroIcon from '@mui/icons-material/Euro';
import GroupsIcon from '@mui/icons-material/Groups';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OrganizationDto } from '@recup/command-api/contracts/organizations';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PageContainer } from '../../../components/layout/page-container';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { formatLongDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { centreDashboardQueries } from '../api/dashboard-queries';
import { CentreDetailsPanel } from './centre-details-panel';
import { NextCourses } from './next-courses';
import { QuickAccessPanel } from './quick-access-panel';
import { StatCard } from './stat-card';

/**
 * `/organization` (spec 001 §2): the centre's figures, its next courses, the courses short of participants, its details.
 * `awaitedPacks`, the prefecture packs still to send, belongs to another feature: the app passes it in.
 */
export function OrganizationDashboardPage({ centre, awaitedPacks }: { centre: OrganizationDto; awaitedPacks: ReactNode }) {
  const { t } = useTranslation('organization');
  const language = useLanguage();
  const dashboard = useQuery(centreDashboardQueries.figures());
  const figures = dashboard.data;

  return (
    <PageContainer title={t('dashboard.title')} maxWidth="xl">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-end' }, mb: 3 }}>
        <Box>
          <Typography component="h1" variant="h1">
            {t('dashboard.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('dashboard.welcome', { name: centre.name })}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button component={RouterLink} to="/organization/profile" variant="outlined">
            {t('dashboard.links.profile')}
          </Button>
          <Button component={RouterLink} to="/organization/courses" variant="outlined">
            {t('dashboard.links.courses')}
          </Button>
          <Button component={RouterLink} to="/organization/bookings" variant="outlined">
            {t('dashboard.links.bookings')}
          </Button>
          <Button component={RouterLink} to="/organization/courses?create=1" variant="contained" startIcon={<AddIcon aria-hidden="true" />} disabled={!centre.isVerified}>
            {t('dashboard.links.create')}
          </Button>
        </Stack>
      </Stack>

      {centre.verificationWithdrawnAt ? (
        <Alert severity="error" sx={{ mb: 3 }} data-testid="verification-withdrawn">
          <AlertTitle>{t('withdrawn.title')}</AlertTitle>
          {t('withdrawn.body', { date: formatLongDate(centre.verificationWithdrawnAt, language) })}
        </Alert>
      ) : !centre.isVerified ? (
        <Alert severity="warning" sx={{ mb: 3 }}>
          <AlertTitle>{t('pending.title')}</AlertTitle>
          {t('pending.body')}
        </Alert>
      ) : null}

      {centre.pendingIdentityChange ? (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="pending-identity-change">
          <AlertTitle>{t('identityChange.title')}</AlertTitle>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('identityChange.body', { date: formatLongDate(centre.pendingIdentityChange.requestedAt, language) })}
          </Typography>
          <Button component={RouterLink} to="/organization/profile" color="inherit" variant="outlined" size="small">
            {t('dashboard.identityChange.see')}
          </Button>
        </Alert>
      ) : null}

      {figures && figures.shortOfParticipants.length > 0 ? (
        <Alert severity="warning" sx={{ mb: 3 }} data-testid="short-of-participants">
          <AlertTitle>{t('dashboard.short.title', { count: figures.shortOfParticipants.length })}</AlertTitle>
          <Typography variant="body2">{t('dashboard.short.body')}</Typography>
          <Box component="ul" sx={{ my: 1, pl: 2.5 }}>
            {figures.shortOfParticipants.map((course) => (
              <li key={course.id}>
                <Link component={RouterLink} to={`/organization/bookings?courseId=${encodeURIComponent(course.id)}`} color="inherit">
                  {t('dashboard.short.course', { title: course.title, date: formatLongDate(course.startDate, language), confirmed: course.confirmedParticipants, pending: course.pendingBookings })}
                </Link>
              </li>
            ))}
          </Box>
          <Typography variant="body2">{t('dashboard.short.advice')}</Typography>
        </Alert>
      ) : null}

      {dashboard.isError ? (
        <Alert severity="error" sx={{ mb: 3 }} action={<Button color="inherit" size="small" onClick={() => void dashboard.refetch()}>{t('actions.retry', { ns: 'common' })}</Button>}>
          {t('errors.load')}
        </Alert>
      ) : null}

      <Grid container spacing={2.5} sx={{ mb: 3 }}>
        {dashboard.isPending ? (
          <Grid size={12}>
            <Box role="status">
              <VisuallyHidden>{t('dashboard.loading')}</VisuallyHidden>
              <Skeleton variant="rounded" height={120} />
            </Box>
          </Grid>
        ) : figures ? (
          <>
            <Grid size={{ xs: 12, md: 4 }}>
              <StatCard icon={<EventAvailableIcon />} label={t('dashboard.cards.scheduled')} value={String(figures.scheduledCourses)} caption={t('dashboard.cards.scheduledCaption', { count: figures.upcomingCourses })} />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <StatCard icon={<GroupsIcon />} label={t('dashboard.cards.bookings')} value={`${figures.bookedSpots} / ${figures.totalSpots}`} caption={t('dashboard.cards.bookingsCaption', { total: figures.totalSpots })} />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <StatCard
                icon={<EuroIcon />}
                label={t('dashboard.cards.revenue')}
                value={formatMoney(figures.revenue, language)}
                testId="revenue"
                caption={(
                  <>
                    <Box>{t('dashboard.cards.revenuePaidOnline', { paid: formatMoney(figures.money.paidOnline, language) })}</Box>
                    <Box>{t('dashboard.cards.revenueRefunded', { refunded: formatMoney(figures.money.refunded, language) })}</Box>
                    <Box>{t('dashboard.cards.revenueCaption', { online: formatMoney(figures.money.receivedOnline, language) })}</Box>
                    <Box>{t('dashboard.cards.revenueAtCentre', { centre: formatMoney(figures.money.receivedAtCentre, language) })}</Box>
                    <Box>{t('dashboard.cards.revenueDue', { due: formatMoney(figures.money.dueAtCentre, language) })}</Box>
                    <Link component={RouterLink} to="/organization/statements">{t('dashboard.cards.statements')}</Link>
                  </>
                )}
              />
            </Grid>
          </>
        ) : null}
      </Grid>

      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={2.5}>
            <Card>
              <CardContent>
                <NextCourses courses={figures?.nextCourses ?? null} canCreate={centre.isVerified} />
              </CardContent>
            </Card>
            <Card>
              <CardContent>
                {awaitedPacks}
              </CardContent>
            </Card>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Stack spacing={2.5}>
            <QuickAccessPanel />
            <CentreDetailsPanel centre={centre} />
          </Stack>
        </Grid>
      </Grid>
    </PageContainer>
  );
}
