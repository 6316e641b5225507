import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { AdminPaymentDto } from '@recup/query-api/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminGrid } from '../../../components/admin/admin-grid';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { ConfirmDialog } from '../../../components/admin/confirm-dialog';
import { DetailDialog } from '../../../components/admin/detail-dialog';
import { ListToolbar } from '../../../components/admin/list-toolbar';
import { RowActions } from '../../../components/admin/row-actions';
import { useAdminMutation } from '../../../components/admin/use-admin-mutation';
import { useExport } from '../../../components/admin/use-export';
import { listQuery, useListState } from '../../../components/admin/use-list-state';
import { PageContainer } from '../../../components/layout/page-container';
import { AccessDeniedPanel } from '../../../components/ui/access-denied-panel';
import { useToast } from '../../../components/ui/toast/use-toast';
import { isApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { adminPaymentQueries, refundPayment } from '../api/payment-queries';
import { paymentColumns } from './columns';
import { PaymentDetail } from './payment-detail';

const FILTERS = ['status'] as const;
const STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED', 'REFUNDED'] as const;

const refundable = (p: AdminPaymentDto) => p.status === 'SUCCEEDED' && !p.refundPending;

/** `/admin/payments` (spec 001 §2): every payment, the server-side search, the detail with its booking, refunds. */
export function AdminPaymentsPage() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const toast = useToast();
  const list = useListState(FILTERS, 'payment');
  const { state } = list;
  const query = useQuery(adminPaymentQueries.page(listQuery(state)));
  const detail = useQuery({ ...adminPaymentQueries.detail(state.detail ?? ''), enabled: state.detail !== null });
  const exporter = useExport('/api/admin/payments/export', 'payments_export.csv');
  const [refunding, setRefunding] = useState<AdminPaymentDto | null>(null);

  // Spec 001 §8: a failed search says so in its own words.
  const searchFailed = state.q !== '' && query.isError;
  useEffect(() => {
    if (searchFailed) toast({ title: t('payments.searchError'), description: t('payments.searchErrorBody'), variant: 'destructive' });
  }, [searchFailed, toast, t]);

  // Refunding a confirmed booking's payment cancels the booking too: the dialog says both, the server does both.
  const cancelsBooking = (p: AdminPaymentDto) => p.booking?.status === 'CONFIRMED';
  const refund = useAdminMutation((p: AdminPaymentDto) => refundPayment(p.id), {
    success: (result) => ({
      title: result.bookingCancelled ? t('payments.refund.doneWithBooking') : t('payments.refund.done'),
      description: result.refund === 'REFUNDED' ? undefined : t('payments.refund.pending'),
    }),
    onSuccess: () => setRefunding(null),
  });

  const { openDetail } = list;
  const onOpen = useCallback((p: AdminPaymentDto) => openDetail(p.id), [openDetail]);
  const renderActions = useCallback(
    (p: AdminPaymentDto) => (
      <RowActions
        actions={[
          { key: 'view', label: `${t('common.view')} ${p.id.slice(0, 8)}`, icon: <VisibilityOutlinedIcon />, onClick: () => openDetail(p.id) },
          refundable(p) && { key: 'refund', label: `${t('payments.refund.action')} ${p.booking ? `#${p.booking.reference}` : p.id.slice(0, 8)}`, icon: <CurrencyExchangeIcon />, onClick: () => setRefunding(p), color: 'warning' },
        ]}
      />
    ),
    [t, openDetail],
  );

  if (isApiError(query.error) && query.error.status === 403) return <AccessDeniedPanel message={t('unauthorized')} backTo="/dashboard" backLabel={t('backToDashboard')} />;
  const shown = detail.data;

  return (
    <PageContainer title={t('payments.title')} maxWidth="xl">
      <AdminPageHeader title={t('payments.title')} subtitle={t('payments.subtitle')} />
      <ListToolbar
        searchLabel={t('payments.searchLabel')}
        searchPlaceholder={t('payments.searchPlaceholder')}
        search={state.q}
        onSearch={list.setSearch}
        filters={[{ key: 'status', label: t('payments.statusFilter'), value: state.filters.status, options: STATUSES.map((s) => ({ value: s, label: t(`status.payment.${s}`) })), onChange: (v) => list.setFilter('status', v) }]}
        onReset={list.reset}
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching}
        onExport={() => void exporter.run(listQuery(state))}
        exporting={exporter.exporting}
      />
      {searchFailed ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {`${t('payments.searchError')} — ${t('payments.searchErrorBody')}`}
        </Alert>
      ) : null}
      <AdminGrid
        label={t('common.gridLabel', { title: t('payments.title') })}
        columns={paymentColumns}
        rows={query.data?.items ?? []}
        total={query.data?.total ?? 0}
        loading={query.isFetching}
        error={query.isError && !searchFailed}
        onRetry={() => void query.refetch()}
        state={state}
        onPage={list.setPage}
        onSort={list.setSort}
        onOpen={onOpen}
        renderActions={renderActions}
      />

      <DetailDialog
        open={state.detail !== null}
        title={t('payments.detail.title', { id: shown?.id.slice(0, 8) ?? '' })}
        history={state.detail ? { category: 'payment', id: state.detail } : null}
        onClose={list.closeDetail}
        actions={
          <>
            {shown && refundable(shown) ? <Button color="warning" onClick={() => setRefunding(shown)}>{t('payments.refund.action')}</Button> : null}
            <Button onClick={list.closeDetail}>{t('common.close')}</Button>
          </>
        }
      >
        <PaymentDetail payment={shown} loading={detail.isPending} error={detail.isError} />
      </DetailDialog>

      <ConfirmDialog
        open={refunding !== null}
        title={refunding && cancelsBooking(refunding) ? t('payments.refund.titleWithBooking') : t('payments.refund.title')}
        confirmLabel={t(refunding && cancelsBooking(refunding) ? 'payments.refund.confirmWithBooking' : 'payments.refund.confirm', { amount: refunding ? formatMoney(refunding.amount, language) : '' })}
        destructive
        pending={refund.isPending}
        onConfirm={() => refunding && refund.mutate(refunding)}
        onClose={() => setRefunding(null)}
      >
        {refunding ? (
          <>
            <Typography sx={{ mb: 1.5 }}>{t('payments.refund.body', { amount: formatMoney(refunding.amount, language), reference: refunding.booking?.reference ?? refunding.bookingId })}</Typography>
            {cancelsBooking(refunding) ? (
              <Alert severity="warning">{t('payments.refund.cancelsBooking', { reference: refunding.booking?.reference ?? refunding.bookingId })}</Alert>
            ) : null}
          </>
        ) : null}
      </ConfirmDialog>
    </PageContainer>
  );
}
