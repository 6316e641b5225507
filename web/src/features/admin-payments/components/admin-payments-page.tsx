import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { AdminPaymentDto } from '@recup/query-api/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminListPage, useAdminList } from '../../../components/admin/admin-list-page';
import { ConfirmDialog } from '../../../components/admin/confirm-dialog';
import type { RowAction } from '../../../components/admin/row-actions';
import { useAdminMutation } from '../../../components/admin/use-admin-mutation';
import { useToast } from '../../../components/ui/toast/use-toast';
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
  const list = useAdminList('payments', FILTERS);
  const { state } = list;
  const query = useQuery(adminPaymentQueries.page(list.params));
  const detail = useQuery({ ...adminPaymentQueries.detail(state.detail ?? ''), enabled: state.detail !== null });
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

  const rowActions = {
    name: (p: AdminPaymentDto) => p.id.slice(0, 8),
    more: (p: AdminPaymentDto): ReadonlyArray<RowAction | false> => [
      refundable(p) && { key: 'refund', label: `${t('payments.refund.action')} ${p.booking ? `#${p.booking.reference}` : p.id.slice(0, 8)}`, icon: <CurrencyExchangeIcon />, onClick: () => setRefunding(p), color: 'warning' },
    ],
  };

  const shown = detail.data;

  return (
    <AdminListPage
      list={list}
      query={query}
      columns={paymentColumns}
      filters={[{ key: 'status', label: t('payments.statusFilter'), options: STATUSES.map((s) => ({ value: s, label: t(`status.payment.${s}`) })) }]}
      beforeGrid={
        searchFailed ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {`${t('payments.searchError')} — ${t('payments.searchErrorBody')}`}
          </Alert>
        ) : null
      }
      gridError={query.isError && !searchFailed}
      rowActions={rowActions}
      detail={{
        title: t('payments.detail.title', { id: shown?.id.slice(0, 8) ?? '' }),
        actions: shown && refundable(shown) ? <Button color="warning" onClick={() => setRefunding(shown)}>{t('payments.refund.action')}</Button> : undefined,
        content: <PaymentDetail payment={shown} loading={detail.isPending} error={detail.isError} />,
      }}
    >
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
    </AdminListPage>
  );
}
