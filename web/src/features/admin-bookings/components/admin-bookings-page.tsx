import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import EventRepeatOutlinedIcon from '@mui/icons-material/EventRepeatOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { AdminBookingDto } from '@recup/query-api/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminListPage, useAdminList } from '../../../components/admin/admin-list-page';
import { ConfirmDialog } from '../../../components/admin/confirm-dialog';
import type { RowAction } from '../../../components/admin/row-actions';
import { useAdminMutation } from '../../../components/admin/use-admin-mutation';
import { MoveBookingDialog } from '../../../components/booking-move/lazy-move-dialog';
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
  const list = useAdminList('bookings', FILTERS);
  const { state } = list;
  const query = useQuery(adminBookingQueries.page(list.params));
  const detail = useQuery({ ...adminBookingQueries.detail(state.detail ?? ''), enabled: state.detail !== null });
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

  const rowActions = {
    name: (b: AdminBookingDto) => b.reference,
    more: (b: AdminBookingDto): ReadonlyArray<RowAction | false> => [
      b.move.allowed && { key: 'move', label: `${t('bookings.moveRow')} ${b.reference}`, icon: <EventRepeatOutlinedIcon />, onClick: () => setMoving(b) },
      b.status === 'CONFIRMED' && { key: 'cancel', label: `${t('bookings.cancel.confirm')} ${b.reference}`, icon: <EventBusyOutlinedIcon />, onClick: () => setCancelling(b), color: 'warning' },
      b.status === 'PENDING' && { key: 'delete', label: `${t('common.delete')} ${b.reference}`, icon: <DeleteOutlineIcon />, onClick: () => setDeleting(b), color: 'error' },
    ],
  };

  const shown = detail.data;

  return (
    <AdminListPage
      list={list}
      query={query}
      columns={bookingColumns}
      filters={[{ key: 'status', label: t('bookings.statusFilter'), options: STATUSES.map((s) => ({ value: s, label: t(`status.booking.${s}`) })) }]}
      rowActions={rowActions}
      detail={{
        title: t('bookings.detail.title', { reference: shown?.reference ?? '' }),
        actions: shown ? (
          <>
            {shown.move.allowed ? <Button onClick={() => setMoving(shown)} startIcon={<EventRepeatOutlinedIcon aria-hidden="true" />}>{t('bookings.move')}</Button> : null}
            {shown.status === 'CONFIRMED' ? <Button color="warning" onClick={() => setCancelling(shown)}>{t('bookings.cancel.confirm')}</Button> : null}
            {shown.status === 'PENDING' ? <Button color="error" onClick={() => setDeleting(shown)}>{t('common.delete')}</Button> : null}
          </>
        ) : null,
        content: <BookingDetail booking={shown} loading={detail.isPending} error={detail.isError} />,
      }}
    >
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
    </AdminListPage>
  );
}
