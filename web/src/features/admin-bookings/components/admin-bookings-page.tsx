import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import EventRepeatOutlinedIcon from '@mui/icons-material/EventRepeatOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { AdminBookingDto } from '@recup/query-api/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
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
import { MoveBookingDialog } from '../../../components/booking-move/lazy-move-dialog';
import { AccessDeniedPanel } from '../../../components/ui/access-denied-panel';
import { isApiError } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { cancelBooking, deleteBooking } from '../api/booking-actions';
import { adminBookingQueries } from '../api/booking-queries';
import { BookingDetail } from './booking-detail';
import { cancellationNotice } from './cancel-notice';
import { bookingColumns } from './columns';

const FILTERS = ['status'] as const;
const STATUSES = ['PENDING', 'CONFIRMED', 'CANCELLED', 'COMPLETED'] as const;

/** `/admin/bookings` (spec 001 §2): every booking, its detail with its payment, cancellation and deletion. */
export function AdminBookingsPage() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const list = useListState(FILTERS, 'booking');
  const { state } = list;
  const query = useQuery(adminBookingQueries.page(listQuery(state)));
  const detail = useQuery({ ...adminBookingQueries.detail(state.detail ?? ''), enabled: state.detail !== null });
  const exporter = useExport('/api/admin/bookings/export', 'bookings_export.csv');
  const [cancelling, setCancelling] = useState<AdminBookingDto | null>(null);
  const [deleting, setDeleting] = useState<AdminBookingDto | null>(null);
  const [moving, setMoving] = useState<AdminBookingDto | null>(null);
  const name = (b: AdminBookingDto) => `${b.user.firstName} ${b.user.lastName}`;

  const cancel = useAdminMutation((b: AdminBookingDto) => cancelBooking(b.id), {
    success: (result, b) => ({ title: t('bookings.cancel.done'), description: cancellationNotice(b, t, language).done(result) }),
    failureTitle: t('bookings.cancel.failed'),
    onSuccess: () => setCancelling(null),
  });
  const remove = useAdminMutation((b: AdminBookingDto) => deleteBooking(b.id), {
    success: () => ({ title: t('bookings.delete.done') }),
    onSuccess: () => {
      setDeleting(null);
      list.closeDetail();
    },
  });

  const { openDetail } = list;
  const onOpen = useCallback((b: AdminBookingDto) => openDetail(b.id), [openDetail]);
  const renderActions = useCallback(
    (b: AdminBookingDto) => (
      <RowActions
        actions={[
          { key: 'view', label: `${t('common.view')} ${b.reference}`, icon: <VisibilityOutlinedIcon />, onClick: () => openDetail(b.id) },
          b.move.allowed && { key: 'move', label: `${t('bookings.moveRow')} ${b.reference}`, icon: <EventRepeatOutlinedIcon />, onClick: () => setMoving(b) },
          b.status === 'CONFIRMED' && { key: 'cancel', label: `${t('bookings.cancel.confirm')} ${b.reference}`, icon: <EventBusyOutlinedIcon />, onClick: () => setCancelling(b), color: 'warning' },
          b.status === 'PENDING' && { key: 'delete', label: `${t('common.delete')} ${b.reference}`, icon: <DeleteOutlineIcon />, onClick: () => setDeleting(b), color: 'error' },
        ]}
      />
    ),
    [t, openDetail],
  );

  if (isApiError(query.error) && query.error.status === 403) return <AccessDeniedPanel message={t('unauthorized')} backTo="/dashboard" backLabel={t('backToDashboard')} />;
  const shown = detail.data;

  return (
    <PageContainer title={t('bookings.title')} maxWidth="xl">
      <AdminPageHeader title={t('bookings.title')} subtitle={t('bookings.subtitle')} />
      <ListToolbar
        searchLabel={t('bookings.searchLabel')}
        searchPlaceholder={t('bookings.searchPlaceholder')}
        search={state.q}
        onSearch={list.setSearch}
        filters={[{ key: 'status', label: t('bookings.statusFilter'), value: state.filters.status, options: STATUSES.map((s) => ({ value: s, label: t(`status.booking.${s}`) })), onChange: (v) => list.setFilter('status', v) }]}
        onReset={list.reset}
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching}
        onExport={() => void exporter.run(listQuery(state))}
        exporting={exporter.exporting}
      />
      <AdminGrid
        label={t('common.gridLabel', { title: t('bookings.title') })}
        columns={bookingColumns}
        rows={query.data?.items ?? []}
        total={query.data?.total ?? 0}
        loading={query.isFetching}
        error={query.isError}
        onRetry={() => void query.refetch()}
        state={state}
        onPage={list.setPage}
        onSort={list.setSort}
        onOpen={onOpen}
        renderActions={renderActions}
      />

      <DetailDialog
        open={state.detail !== null}
        title={t('bookings.detail.title', { reference: shown?.reference ?? '' })}
        history={state.detail ? { category: 'booking', id: state.detail } : null}
        onClose={list.closeDetail}
        actions={
          shown ? (
            <>
              {shown.move.allowed ? <Button onClick={() => setMoving(shown)} startIcon={<EventRepeatOutlinedIcon aria-hidden="true" />}>{t('bookings.move')}</Button> : null}
              {shown.status === 'CONFIRMED' ? <Button color="warning" onClick={() => setCancelling(shown)}>{t('bookings.cancel.confirm')}</Button> : null}
              {shown.status === 'PENDING' ? <Button color="error" onClick={() => setDeleting(shown)}>{t('common.delete')}</Button> : null}
              <Button onClick={list.closeDetail}>{t('common.close')}</Button>
            </>
          ) : null
        }
      >
        <BookingDetail booking={shown} loading={detail.isPending} error={detail.isError} />
      </DetailDialog>

      <ConfirmDialog
        open={cancelling !== null}
        title={t('bookings.cancel.title')}
        confirmLabel={t('bookings.cancel.confirm')}
        cancelLabel={t('bookings.cancel.keep')}
        destructive
        pending={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling)}
        onClose={() => setCancelling(null)}
      >
        {cancelling ? <Typography>{cancellationNotice(cancelling, t, language).body}</Typography> : null}
      </ConfirmDialog>

      {moving ? <MoveBookingDialog bookingId={moving.id} viewer="admin" learnerName={name(moving)} onClose={() => setMoving(null)} /> : null}

      <ConfirmDialog
        open={deleting !== null}
        title={t('bookings.delete.title')}
        confirmLabel={t('bookings.delete.confirm')}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      >
        {deleting ? <Typography>{t('bookings.delete.body', { reference: deleting.reference, name: name(deleting) })}</Typography> : null}
      </ConfirmDialog>
    </PageContainer>
  );
}
