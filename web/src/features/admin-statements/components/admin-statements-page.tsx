import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
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
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { AdminStatementSummaryDto } from '@recup/query-api/contracts/statements';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { ConfirmDialog } from '../../../components/admin/confirm-dialog';
import { useAdminMutation } from '../../../components/admin/use-admin-mutation';
import { PageContainer } from '../../../components/layout/page-container';
import { useToast } from '../../../components/ui/toast/use-toast';
import { serverMessageOf } from '../../../lib/api-client';
import { downloadFromApi } from '../../../lib/download';
import { formatMoney, formatShortDate } from '../../../lib/format';
import { monthName, shiftMonth } from '../../../lib/statement-month';
import { useStatementMonth } from '../../../lib/use-statement-month';
import { useLanguage } from '../../../lib/use-language';
import { adminStatementQueries, markStatementPaid } from '../api/statement-queries';

/** `/admin/statements` (issue 20 §6): every centre's statement of a month, its documents, and marking it paid. */
export function AdminStatementsPage() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const toast = useToast();
  const { month, current, setMonth } = useStatementMonth();
  const statements = useQuery(adminStatementQueries.month(month));
  const [confirming, setConfirming] = useState<AdminStatementSummaryDto | null>(null);
  const money = (cents: number) => formatMoney(cents, language);
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  const mark = useAdminMutation(markStatementPaid, {
    success: () => ({ title: t('statements.marked', { name: confirming?.organization.name ?? '' }) }),
    onSuccess: () => setConfirming(null),
  });
  const download = async (statement: AdminStatementSummaryDto, format: 'pdf' | 'csv') => {
    try {
      await downloadFromApi(`/api/admin/statements/${encodeURIComponent(statement.organization.id)}?month=${month}&format=${format}`, `statement-${month}.${format}`);
    } catch (error) {
      toast({ variant: 'destructive', title: t('statements.downloadFailed'), description: serverMessageOf(error) ?? undefined });
    }
  };
  const actionsOf = (s: AdminStatementSummaryDto) => (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button size="small" aria-label={t('statements.pdfOf', { name: s.organization.name })} onClick={() => void download(s, 'pdf')}>{t('statements.pdf')}</Button>
      <Button size="small" aria-label={t('statements.csvOf', { name: s.organization.name })} onClick={() => void download(s, 'csv')}>{t('statements.csv')}</Button>
      {!s.payment && s.closed ? (
        <Button size="small" variant="contained" aria-label={t('statements.markPaidOf', { name: s.organization.name })} onClick={() => setConfirming(s)}>
          {t('statements.markPaid')}
        </Button>
      ) : null}
    </Stack>
  );
  const stateOf = (s: AdminStatementSummaryDto) => (s.payment
    ? t('statements.paid', { date: formatShortDate(s.payment.paidAt, language), amount: money(s.payment.amount) })
    : s.closed ? t('statements.unpaid') : t('statements.open'));

  return (
    <PageContainer title={t('statements.title')} maxWidth="xl">
      <AdminPageHeader title={t('statements.title')} subtitle={t('statements.subtitle')} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
        <IconButton aria-label={t('statements.previous')} onClick={() => setMonth(shiftMonth(month, -1))}>
          <ChevronLeftIcon aria-hidden="true" />
        </IconButton>
        <TextField
          type="month" label={t('statements.month')} value={month} size="small"
          onChange={(event) => setMonth(event.target.value)}
          sx={{ width: 200 }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'statement-month' } }}
        />
        <IconButton aria-label={t('statements.next')} onClick={() => setMonth(shiftMonth(month, 1))} disabled={month >= current}>
          <ChevronRightIcon aria-hidden="true" />
        </IconButton>
      </Stack>
      {statements.isPending ? (
        <Skeleton variant="rounded" height={240} aria-label={t('common.loading')} />
      ) : statements.isError ? (
        <Alert severity="error" role="alert" action={<Button color="inherit" onClick={() => void statements.refetch()}>{t('common.retry')}</Button>}>
          {serverMessageOf(statements.error) ?? t('statements.loadError')}
        </Alert>
      ) : narrow ? (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('statements.caption', { month: monthName(month, language) })}>
          {statements.data.length === 0 ? <Typography component="li">{t('statements.empty')}</Typography> : statements.data.map((s) => (
            <Card component="li" variant="outlined" key={s.organization.id} data-testid={`statement-${s.organization.id}`}>
              <CardContent>
                <Typography component="h2" variant="h3" sx={{ mb: 1 }}>{s.organization.name}</Typography>
                <Chip size="small" label={stateOf(s)} color={s.payment ? 'success' : s.closed ? 'warning' : 'default'} variant={s.payment ? 'filled' : 'outlined'} sx={{ mb: 1 }} />
                <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5, m: 0, mb: 1 }}>
                  {([
                    [t('statements.bookings'), String(s.bookings)], [t('statements.paidOnline'), money(s.paidOnline)], [t('statements.refunded'), money(s.refunded)],
                    [t('statements.commission'), money(s.commission)], [t('statements.due'), money(s.due)],
                  ] as const).map(([label, value]) => (
                    <Box key={label} sx={{ display: 'contents' }}>
                      <Typography component="dt" variant="body2" color="text.secondary">{label}</Typography>
                      <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontWeight: label === t('statements.due') ? 700 : 400 }}>{value}</Typography>
                    </Box>
                  ))}
                </Box>
                {actionsOf(s)}
              </CardContent>
            </Card>
          ))}
        </Stack>
      ) : (
        <TableContainer component={Card} variant="outlined" tabIndex={0} aria-label={t('statements.caption', { month: monthName(month, language) })}>
          <Table size="small">
            <caption style={{ position: 'absolute', left: -10_000 }}>{t('statements.caption', { month: monthName(month, language) })}</caption>
            <TableHead>
              <TableRow>
                <TableCell>{t('statements.centre')}</TableCell>
                <TableCell align="right">{t('statements.bookings')}</TableCell>
                <TableCell align="right">{t('statements.paidOnline')}</TableCell>
                <TableCell align="right">{t('statements.refunded')}</TableCell>
                <TableCell align="right">{t('statements.commission')}</TableCell>
                <TableCell align="right">{t('statements.due')}</TableCell>
                <TableCell>{t('statements.state')}</TableCell>
                <TableCell>{t('statements.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {statements.data.length === 0 ? (
                <TableRow><TableCell colSpan={8}>{t('statements.empty')}</TableCell></TableRow>
              ) : statements.data.map((s) => (
                <TableRow key={s.organization.id} data-testid={`statement-${s.organization.id}`}>
                  <TableCell component="th" scope="row">{s.organization.name}</TableCell>
                  <TableCell align="right">{s.bookings}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{money(s.paidOnline)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{money(s.refunded)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{money(s.commission)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}>{money(s.due)}</TableCell>
                  <TableCell>
                    <Chip size="small" label={stateOf(s)} color={s.payment ? 'success' : s.closed ? 'warning' : 'default'} variant={s.payment ? 'filled' : 'outlined'} />
                  </TableCell>
                  <TableCell>{actionsOf(s)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t('statements.confirmTitle')}
        confirmLabel={t('statements.markPaid')}
        pending={mark.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => confirming && mark.mutate({ organizationId: confirming.organization.id, month, amount: confirming.due })}
      >
        <Typography>
          {confirming ? t(confirming.due >= 0 ? 'statements.confirmBody' : 'statements.confirmBodyOwed', { name: confirming.organization.name, amount: money(Math.abs(confirming.due)), month: monthName(month, language) }) : null}
        </Typography>
      </ConfirmDialog>
    </PageContainer>
  );
}
