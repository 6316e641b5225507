import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RevenueDto, StatementDto } from '@recup/query-api/contracts/statements';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/layout/page-container';
import { useToast } from '../../../components/ui/toast/use-toast';
import { serverMessageOf } from '../../../lib/api-client';
import { downloadFromApi } from '../../../lib/download';
import { formatMoney, formatShortDate } from '../../../lib/format';
import type { Language } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language';
import { monthName, shiftMonth } from '../../../lib/statement-month';
import { useStatementMonth } from '../../../lib/use-statement-month';
import { statementQueries } from '../api/statement-queries';

const dayOf = (day: string, language: Language) => formatShortDate(`${day}T12:00:00.000Z`, language);

/** `/organization/statements` (issue 20 §6): a month's statement of what the platform owes the centre, its documents, and what the centre took. */
export function StatementsPage() {
  const { t } = useTranslation('organization');
  const language = useLanguage();
  const { month, current, setMonth } = useStatementMonth();
  const statement = useQuery(statementQueries.month(month));
  const revenue = useQuery(statementQueries.revenue());
  const toast = useToast();

  const download = async (format: 'pdf' | 'csv') => {
    toast({ variant: 'info', title: t('statements.download.started') });
    try {
      await downloadFromApi(`/api/organization/statements?month=${month}&format=${format}`, `releve-${month}.${format}`);
    } catch (error) {
      toast({ variant: 'destructive', title: t('statements.download.failed'), description: serverMessageOf(error) ?? undefined });
    }
  };

  return (
    <PageContainer title={t('statements.title')} maxWidth="xl">
      <Typography component="h1" variant="h1">{t('statements.title')}</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>{t('statements.subtitle')}</Typography>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 3 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <IconButton aria-label={t('statements.previous')} onClick={() => setMonth(shiftMonth(month, -1))}>
            <ChevronLeftIcon aria-hidden="true" />
          </IconButton>
          <TextField
            type="month"
            label={t('statements.month')}
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            size="small"
            sx={{ width: 200 }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'statement-month' } }}
          />
          <IconButton aria-label={t('statements.next')} onClick={() => setMonth(shiftMonth(month, 1))} disabled={month >= current}>
            <ChevronRightIcon aria-hidden="true" />
          </IconButton>
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<DownloadIcon aria-hidden="true" />} onClick={() => void download('pdf')}>{t('statements.download.pdf')}</Button>
          <Button variant="outlined" startIcon={<DownloadIcon aria-hidden="true" />} onClick={() => void download('csv')}>{t('statements.download.csv')}</Button>
        </Stack>
      </Stack>

      {statement.isPending ? (
        <Box role="status" aria-live="polite">
          <Typography sx={{ position: 'absolute', left: -10_000 }}>{t('statements.loading')}</Typography>
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={200} sx={{ mt: 2 }} />
        </Box>
      ) : statement.isError ? (
        <Alert severity="error" role="alert" action={<Button color="inherit" onClick={() => void statement.refetch()}>{t('statements.retry')}</Button>}>
          {serverMessageOf(statement.error) ?? t('statements.loadError')}
        </Alert>
      ) : (
        <StatementView statement={statement.data} language={language} />
      )}

      <RevenueView revenue={revenue.data} pending={revenue.isPending} failed={revenue.isError} language={language} />
    </PageContainer>
  );
}

function StatementView({ statement, language }: { statement: StatementDto; language: Language }) {
  const { t } = useTranslation('organization');
  const money = (cents: number) => formatMoney(cents, language);
  const figures: Array<[string, string, boolean?]> = [
    [t('statements.figures.paidOnline'), money(statement.paidOnline)],
    [t('statements.figures.refunded'), money(statement.refunded)],
    [t('statements.figures.net'), money(statement.net)],
    [t('statements.figures.commission', { percent: String(statement.commissionPercent).replace('.', language === 'fr' ? ',' : '.') }), money(statement.commission)],
    [statement.due >= 0 ? t('statements.figures.due') : t('statements.figures.owed'), money(Math.abs(statement.due)), true],
  ];
  const state = statement.payment
    ? t('statements.state.paid', { date: formatShortDate(statement.payment.paidAt, language), amount: money(statement.payment.amount) })
    : statement.closed ? t('statements.state.unpaid') : t('statements.state.open');
  return (
    <Box component="section" aria-labelledby="statement-heading">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }} useFlexGap>
        <Typography id="statement-heading" component="h2" variant="h2" sx={{ textTransform: 'capitalize' }}>{monthName(statement.month, language)}</Typography>
        <Chip data-testid="statement-state" label={state} color={statement.payment ? 'success' : statement.closed ? 'warning' : 'default'} variant={statement.payment ? 'filled' : 'outlined'} />
      </Stack>
      <Grid container spacing={2}>
        {figures.map(([label, value, strong]) => (
          <Grid key={label} size={{ xs: 12, sm: 6, md: 'grow' }}>
            <Card variant="outlined" sx={{ height: '100%', ...(strong ? { borderColor: 'primary.main', borderWidth: 2 } : {}) }}>
              <CardContent>
                <Typography variant="body2" color="text.secondary">{label}</Typography>
                <Typography component="p" variant="h3" sx={{ m: 0, fontWeight: strong ? 700 : 500 }} data-testid={strong ? 'statement-due' : undefined}>{value}</Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>{t('statements.rule')}</Typography>
      <TableContainer component={Card} variant="outlined" sx={{ mt: 2 }} tabIndex={0} aria-label={t('statements.table.caption', { month: monthName(statement.month, language) })}>
        <Table size="small">
          <caption style={{ position: 'absolute', left: -10_000 }}>{t('statements.table.caption', { month: monthName(statement.month, language) })}</caption>
          <TableHead>
            <TableRow>
              <TableCell>{t('statements.table.reference')}</TableCell>
              <TableCell>{t('statements.table.learner')}</TableCell>
              <TableCell>{t('statements.table.course')}</TableCell>
              <TableCell>{t('statements.table.date')}</TableCell>
              <TableCell align="right">{t('statements.table.amount')}</TableCell>
              <TableCell align="right">{t('statements.table.refund')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {statement.lines.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6}>{t('statements.table.empty')}</TableCell>
              </TableRow>
            ) : statement.lines.map((line) => (
              <TableRow key={line.bookingId}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{line.bookingReference}</TableCell>
                <TableCell>{line.learner}</TableCell>
                <TableCell>{line.courseTitle} ({formatShortDate(line.courseStartDate, language)})</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{dayOf(line.date, language)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{line.amount ? money(line.amount) : '—'}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{line.refund ? money(line.refund) : '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

function RevenueView({ revenue, pending, failed, language }: { revenue: RevenueDto | undefined; pending: boolean; failed: boolean; language: Language }) {
  const { t } = useTranslation('organization');
  const money = (cents: number) => formatMoney(cents, language);
  const head = (first: string) => (
    <TableHead>
      <TableRow>
        <TableCell>{first}</TableCell>
        <TableCell align="right">{t('statements.revenue.paidOnline')}</TableCell>
        <TableCell align="right">{t('statements.revenue.refunded')}</TableCell>
        <TableCell align="right">{t('statements.revenue.receivedAtCentre')}</TableCell>
      </TableRow>
    </TableHead>
  );
  const cells = (r: { paidOnline: number; refunded: number; receivedAtCentre: number }) => (
    <>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{money(r.paidOnline)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{money(r.refunded)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{money(r.receivedAtCentre)}</TableCell>
    </>
  );
  return (
    <Box component="section" aria-labelledby="revenue-heading" sx={{ mt: 5 }}>
      <Typography id="revenue-heading" component="h2" variant="h2" sx={{ mb: 2 }}>{t('statements.revenue.title')}</Typography>
      {pending ? <Skeleton variant="rounded" height={160} /> : failed || !revenue ? (
        <Alert severity="error">{t('statements.loadError')}</Alert>
      ) : revenue.months.length === 0 && revenue.courses.length === 0 ? (
        <Typography color="text.secondary">{t('statements.revenue.empty')}</Typography>
      ) : (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Typography component="h3" variant="h3" sx={{ mb: 1 }}>{t('statements.revenue.byMonth')}</Typography>
            <TableContainer component={Card} variant="outlined" tabIndex={0} aria-label={t('statements.revenue.byMonth')}>
              <Table size="small">
                {head(t('statements.revenue.month'))}
                <TableBody>
                  {revenue.months.map((m) => (
                    <TableRow key={m.month}>
                      <TableCell sx={{ whiteSpace: 'nowrap', textTransform: 'capitalize' }}>{monthName(m.month, language)}</TableCell>
                      {cells(m)}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Grid>
          <Grid size={{ xs: 12, lg: 7 }}>
            <Typography component="h3" variant="h3" sx={{ mb: 1 }}>{t('statements.revenue.byCourse')}</Typography>
            <TableContainer component={Card} variant="outlined" tabIndex={0} aria-label={t('statements.revenue.byCourse')}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('statements.revenue.course')}</TableCell>
                    <TableCell align="right">{t('statements.revenue.paidOnline')}</TableCell>
                    <TableCell align="right">{t('statements.revenue.refunded')}</TableCell>
                    <TableCell align="right">{t('statements.revenue.receivedAtCentre')}</TableCell>
                    <TableCell align="right">{t('statements.revenue.dueAtCentre')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {revenue.courses.map((c) => (
                    <TableRow key={c.courseId}>
                      <TableCell>{c.title} ({formatShortDate(c.startDate, language)})</TableCell>
                      {cells(c)}
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{money(c.dueAtCentre)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Grid>
        </Grid>
      )}
    </Box>
  );
}
