import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { AdminCourseDto } from '@recup/query-api/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminListPage, useAdminList } from '../../../components/admin/admin-list-page';
import { ConfirmDialog } from '../../../components/admin/confirm-dialog';
import { DetailFields } from '../../../components/admin/field-list';
import type { RowAction } from '../../../components/admin/row-actions';
import { CourseStatusChip } from '../../../components/admin/status-chips';
import { useAdminMutation } from '../../../components/admin/use-admin-mutation';
import { formatDateRange, formatLongDate, formatMoney } from '../../../lib/format';
import { formatShortDateTime } from '../../../components/admin/admin-format';
import { useLanguage } from '../../../lib/use-language';
import { adminCourseQueries, deleteCourse } from '../api/course-queries';
import { courseColumns } from './columns';
import { CreateCourseDialog } from './create-course-dialog';

const FILTERS = ['status', 'organizationId'] as const;
const STATUSES = ['SCHEDULED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'] as const;

/** `/admin/courses` (spec 001 §2): every course, its detail and history, creation for any centre, deletion. */
export function AdminCoursesPage() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const list = useAdminList('courses', FILTERS);
  const { state } = list;
  const query = useQuery(adminCourseQueries.page(list.params));
  const organizations = useQuery(adminCourseQueries.organizations());
  const onPage = query.data?.items.some((c) => c.id === state.detail) ?? false;
  const detail = useQuery({ ...adminCourseQueries.detail(state.detail ?? ''), enabled: state.detail !== null && !onPage });
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AdminCourseDto | null>(null);
  const remove = useAdminMutation((c: AdminCourseDto) => deleteCourse(c.id), {
    success: () => ({ title: t('courses.delete.done') }),
    onSuccess: () => {
      setDeleting(null);
      list.closeDetail();
    },
  });

  const rowActions = {
    name: (c: AdminCourseDto) => c.title,
    more: (c: AdminCourseDto): ReadonlyArray<RowAction | false> => [
      c.status !== 'CANCELLED' && { key: 'delete', label: `${t('common.delete')} ${c.title}`, icon: <DeleteOutlinedIcon />, onClick: () => setDeleting(c), color: 'error' },
    ],
  };

  const shown = query.data?.items.find((c) => c.id === state.detail) ?? detail.data ?? undefined;

  return (
    <AdminListPage
      list={list}
      query={query}
      columns={courseColumns}
      headerActions={
        <Button variant="contained" startIcon={<AddIcon aria-hidden="true" />} onClick={() => setCreating(true)}>
          {t('courses.create')}
        </Button>
      }
      filters={[
        { key: 'organizationId', label: t('courses.organizationFilter'), options: (organizations.data ?? []).map((o) => ({ value: o.id, label: o.name })) },
        { key: 'status', label: t('courses.statusFilter'), options: STATUSES.map((s) => ({ value: s, label: t(`status.course.${s}`) })) },
      ]}
      rowActions={rowActions}
      detail={{
        title: t('courses.detail.title', { title: shown?.title ?? '' }),
        actions: shown && shown.status !== 'CANCELLED' ? <Button color="error" onClick={() => setDeleting(shown)}>{t('common.delete')}</Button> : undefined,
        loading: detail.isFetching,
        content: shown ? (
          <DetailFields
            title={t('common.details')}
            link={{ to: `/admin/bookings?q=${encodeURIComponent(shown.city)}`, label: t('courses.detail.bookings') }}
            items={[
              [t('common.id'), shown.id],
              [t('courses.columns.status'), <CourseStatusChip key="s" status={shown.status} />],
              [t('courses.detail.centre'), shown.organization.name],
              [t('courses.detail.schedule'), formatDateRange(shown.startDate, shown.endDate, language)],
              [t('courses.detail.address'), `${shown.address}, ${shown.postalCode} ${shown.city}`],
              [t('courses.detail.price'), formatMoney(shown.price, language)],
              [t('courses.detail.spots'), t('courses.detail.spotsValue', { left: shown.spotsLeft, total: shown.totalSpots })],
              [t('courses.detail.waiting'), t('courses.detail.waitingValue', { count: shown.waitingCount })],
              [t('courses.detail.ants'), shown.antsNumber],
              [t('courses.detail.created'), formatShortDateTime(shown.createdAt, language)],
            ]}
          />
        ) : null,
      }}
    >
      <CreateCourseDialog open={creating} organizations={organizations.data ?? []} onClose={() => setCreating(false)} />

      <ConfirmDialog
        open={deleting !== null}
        title={t('courses.delete.title')}
        confirmLabel={t('courses.delete.confirm')}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      >
        {deleting ? (
          <>
            <Typography sx={{ mb: 1.5 }}>{t('courses.delete.body', { title: deleting.title, date: formatLongDate(deleting.startDate, language) })}</Typography>
            {deleting.spotsLeft !== deleting.totalSpots ? <Alert severity="warning">{t('courses.delete.booked')}</Alert> : null}
          </>
        ) : null}
      </ConfirmDialog>
    </AdminListPage>
  );
}
