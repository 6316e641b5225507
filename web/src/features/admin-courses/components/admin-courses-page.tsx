import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { AdminCourseDto } from '@recup/query-api/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { AdminGrid } from '../../../components/admin/admin-grid';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { ConfirmDialog } from '../../../components/admin/confirm-dialog';
import { DetailDialog } from '../../../components/admin/detail-dialog';
import { DetailSection, FieldList } from '../../../components/admin/field-list';
import { ListToolbar } from '../../../components/admin/list-toolbar';
import { RowActions } from '../../../components/admin/row-actions';
import { CourseStatusChip } from '../../../components/admin/status-chips';
import { useAdminMutation } from '../../../components/admin/use-admin-mutation';
import { useExport } from '../../../components/admin/use-export';
import { listQuery, useListState } from '../../../components/admin/use-list-state';
import { PageContainer } from '../../../components/layout/page-container';
import { AccessDeniedPanel } from '../../../components/ui/access-denied-panel';
import { isApiError } from '../../../lib/api-client';
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
  const list = useListState(FILTERS, 'course');
  const { state } = list;
  const query = useQuery(adminCourseQueries.page(listQuery(state)));
  const organizations = useQuery(adminCourseQueries.organizations());
  const onPage = query.data?.items.some((c) => c.id === state.detail) ?? false;
  const detail = useQuery({ ...adminCourseQueries.detail(state.detail ?? ''), enabled: state.detail !== null && !onPage });
  const exporter = useExport('/api/admin/courses/export', 'courses_export.csv');
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AdminCourseDto | null>(null);
  const remove = useAdminMutation((c: AdminCourseDto) => deleteCourse(c.id), {
    success: () => ({ title: t('courses.delete.done') }),
    onSuccess: () => {
      setDeleting(null);
      list.closeDetail();
    },
  });

  const { openDetail } = list;
  const onOpen = useCallback((c: AdminCourseDto) => openDetail(c.id), [openDetail]);
  const renderActions = useCallback(
    (c: AdminCourseDto) => (
      <RowActions
        actions={[
          { key: 'view', label: `${t('common.view')} ${c.title}`, icon: <VisibilityOutlinedIcon />, onClick: () => openDetail(c.id) },
          c.status !== 'CANCELLED' && { key: 'delete', label: `${t('common.delete')} ${c.title}`, icon: <DeleteOutlinedIcon />, onClick: () => setDeleting(c), color: 'error' },
        ]}
      />
    ),
    [t, openDetail],
  );

  if (isApiError(query.error) && query.error.status === 403) return <AccessDeniedPanel message={t('unauthorized')} backTo="/dashboard" backLabel={t('backToDashboard')} />;
  const shown = query.data?.items.find((c) => c.id === state.detail) ?? detail.data ?? undefined;

  return (
    <PageContainer title={t('courses.title')} maxWidth="xl">
      <AdminPageHeader
        title={t('courses.title')}
        subtitle={t('courses.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon aria-hidden="true" />} onClick={() => setCreating(true)}>
            {t('courses.create')}
          </Button>
        }
      />
      <ListToolbar
        searchLabel={t('courses.searchLabel')}
        searchPlaceholder={t('courses.searchPlaceholder')}
        search={state.q}
        onSearch={list.setSearch}
        filters={[
          { key: 'organizationId', label: t('courses.organizationFilter'), value: state.filters.organizationId, options: (organizations.data ?? []).map((o) => ({ value: o.id, label: o.name })), onChange: (v) => list.setFilter('organizationId', v) },
          { key: 'status', label: t('courses.statusFilter'), value: state.filters.status, options: STATUSES.map((s) => ({ value: s, label: t(`status.course.${s}`) })), onChange: (v) => list.setFilter('status', v) },
        ]}
        onReset={list.reset}
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching}
        onExport={() => void exporter.run(listQuery(state))}
        exporting={exporter.exporting}
      />
      <AdminGrid
        label={t('common.gridLabel', { title: t('courses.title') })}
        columns={courseColumns}
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
        title={t('courses.detail.title', { title: shown?.title ?? '' })}
        history={state.detail ? { category: 'course', id: state.detail } : null}
        onClose={list.closeDetail}
        actions={
          <>
            {shown && shown.status !== 'CANCELLED' ? <Button color="error" onClick={() => setDeleting(shown)}>{t('common.delete')}</Button> : null}
            <Button onClick={list.closeDetail}>{t('common.close')}</Button>
          </>
        }
      >
        {shown ? (
          <DetailSection
            title={t('common.details')}
            action={
              <Button component={RouterLink} to={`/admin/bookings?q=${encodeURIComponent(shown.city)}`} size="small">
                {t('courses.detail.bookings')}
              </Button>
            }
          >
            <FieldList
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
          </DetailSection>
        ) : detail.isFetching ? null : (
          <Alert severity="error">{t('common.loadError')}</Alert>
        )}
      </DetailDialog>

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
    </PageContainer>
  );
}
