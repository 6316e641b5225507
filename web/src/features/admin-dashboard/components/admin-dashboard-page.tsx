import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import EuroOutlinedIcon from '@mui/icons-material/EuroOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { BookingStatusChip } from '../../../components/admin/status-chips';
import { PageContainer } from '../../../components/layout/page-container';
import { AccessDeniedPanel } from '../../../components/ui/access-denied-panel';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { isApiError } from '../../../lib/api-client';
import { formatMoney, formatShortDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { statsQuery } from '../api/stats-query';
import { LatePacks } from './late-packs';
import { ParkedEvents } from './parked-events';
import { quickLinks } from './quick-links';

function StatCard({ icon, label, value, detail, loading }: { icon: ReactNode; label: string; value: string; detail?: string; loading: boolean }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1, color: 'primary.main' }}>
          <Box aria-hidden="true" sx={{ display: 'flex' }}>
            {icon}
          </Box>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, color: 'text.primary' }}>
            {label}
          </Typography>
        </Box>
        {loading ? (
          <Skeleton width="60%" height={44} />
        ) : (
          <>
            <Typography sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.2 }}>{value}</Typography>
            {detail ? (
              <Typography variant="body2" color="text.secondary">
                {detail}
              </Typography>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** `/admin` (spec 001 §2): the figures, the 5 latest bookings and the shortcuts, highlighted when they need attention. */
export function AdminDashboardPage() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const query = useQuery(statsQuery());
  const stats = query.data;
  const number = (value: number | undefined) => new Intl.NumberFormat(language === 'fr' ? 'fr-FR' : 'en-US').format(value ?? 0);
  if (isApiError(query.error) && query.error.status === 403) return <AccessDeniedPanel message={t('unauthorized')} backTo="/dashboard" backLabel={t('backToDashboard')} />;

  return (
    <PageContainer title={t('dashboard.title')}>
      <AdminPageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} back={false} />
      {query.isError ? (
        <Alert severity="error" sx={{ mb: 3 }} action={<Button color="inherit" size="small" onClick={() => void query.refetch()}>{t('common.retry')}</Button>}>
          {t('common.loadError')}
        </Alert>
      ) : null}
      <Box role={query.isPending ? 'status' : undefined}>
        {query.isPending ? <VisuallyHidden>{t('common.loading')}</VisuallyHidden> : null}
        <Grid container spacing={2.5} sx={{ mb: 4 }}>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <StatCard icon={<PeopleAltOutlinedIcon />} label={t('dashboard.cards.users')} value={number(stats?.totalUsers)} loading={query.isPending} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <StatCard icon={<SchoolOutlinedIcon />} label={t('dashboard.cards.organizations')} value={number(stats?.totalOrganizations)} detail={t('dashboard.cards.pending', { count: stats?.pendingOrganizations ?? 0 })} loading={query.isPending} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <StatCard icon={<EventNoteOutlinedIcon />} label={t('dashboard.cards.courses')} value={number(stats?.totalCourses)} detail={`${t('dashboard.cards.bookings', { count: stats?.totalBookings ?? 0 })} · ${t('dashboard.cards.recent', { count: stats?.recentBookings ?? 0, days: stats?.recentDays ?? 7 })}`} loading={query.isPending} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <StatCard
              icon={<EuroOutlinedIcon />}
              label={t('dashboard.cards.revenue')}
              value={formatMoney(stats?.totalRevenue ?? 0, language)}
              detail={`${t('dashboard.cards.revenueSplit', { online: formatMoney(stats?.revenueOnline ?? 0, language), centre: formatMoney(stats?.revenueAtCentre ?? 0, language) })} · ${t('dashboard.cards.payments', { count: stats?.totalPayments ?? 0 })} · ${t('dashboard.cards.refunds', { count: stats?.pendingRefunds ?? 0 })}`}
              loading={query.isPending}
            />
          </Grid>
        </Grid>
      </Box>

      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card>
            <CardContent>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
                <Typography component="h2" variant="h2" sx={{ fontSize: '1.25rem' }}>
                  {t('dashboard.recent.title')}
                </Typography>
                <Button component={RouterLink} to="/admin/bookings" endIcon={<ArrowForwardIcon aria-hidden="true" />}>
                  {t('dashboard.recent.viewAll')}
                </Button>
              </Box>
              {query.isPending ? (
                <Skeleton variant="rounded" height={200} />
              ) : (stats?.recentBookingsWithDetails.length ?? 0) === 0 ? (
                <Typography color="text.secondary">{t('dashboard.recent.empty')}</Typography>
              ) : (
                <List disablePadding>
                  {stats!.recentBookingsWithDetails.map((booking) => (
                    <ListItem key={booking.id} divider disableGutters secondaryAction={<Typography sx={{ fontWeight: 700 }}>{formatMoney(booking.amount, language)}</Typography>} sx={{ pr: 12 }}>
                      <ListItemText
                        primary={
                          <RouterLink to={`/admin/bookings?booking=${encodeURIComponent(booking.id)}`} style={{ color: 'inherit', fontWeight: 600 }}>
                            {`${booking.courseLocation} — ${booking.userName}`}
                          </RouterLink>
                        }
                        secondary={
                          <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
                            <span>{`${booking.reference} · ${formatShortDate(booking.date, language)}`}</span>
                            <BookingStatusChip status={booking.status} />
                          </Box>
                        }
                        slotProps={{ secondary: { component: 'span' } }}
                      />
                    </ListItem>
                  ))}
                </List>
              )}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card>
            <CardContent>
              <Typography component="h2" variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
                {t('dashboard.quick.title')}
              </Typography>
              <Box component="nav" aria-label={t('dashboard.quick.title')} sx={{ display: 'grid', gap: 1.5 }}>
                {quickLinks(stats).map((link) => (
                  <Card key={link.key} variant="outlined" sx={link.highlighted ? { borderColor: 'warning.main', borderWidth: 2, bgcolor: 'warning.50' } : undefined} data-highlighted={link.highlighted}>
                    <CardActionArea component={RouterLink} to={link.to} sx={{ p: 1.5 }}>
                      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                        <Box>
                          <Typography sx={{ fontWeight: 700 }}>{t(`dashboard.quick.${link.key}`)}</Typography>
                          <Typography variant="body2" color="text.secondary">
                            {t(`dashboard.quick.${link.key}Hint`)}
                          </Typography>
                        </Box>
                        {link.highlighted ? <Chip size="small" color="warning" label={t('dashboard.quick.attention')} /> : <ArrowForwardIcon aria-hidden="true" color="action" />}
                      </Box>
                    </CardActionArea>
                  </Card>
                ))}
              </Box>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={12}>
          <Card>
            <CardContent>
              <LatePacks />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={12}>
          <Card>
            <CardContent>
              <ParkedEvents />
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </PageContainer>
  );
}
