import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { HistoryCategory } from '@recup/command-api/contracts';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { PageContainer } from '../layout/page-container';
import { AccessDeniedPanel } from '../ui/access-denied-panel';
import { AdminGrid } from './admin-grid';
import { AdminPageHeader } from './admin-page-header';
import { DetailDialog } from './detail-dialog';
import type { AdminColumn } from './grid-columns';
import { ListToolbar } from './list-toolbar';
import { RowActions, type RowAction } from './row-actions';
import { useExport } from './use-export';
import { listQuery, useListState } from './use-list-state';

/** The administrators' lists, by the key of their texts (`admin:<section>.title`…) and of their API (`/api/admin/<section>`). */
type AdminListSection = 'courses' | 'bookings' | 'payments' | 'organizations' | 'users';

/** The kind of record each list holds: the address parameter of its open detail, and the history it reads. */
const RECORD_OF: Record<AdminListSection, HistoryCategory> = {
  courses: 'course',
  bookings: 'booking',
  payments: 'payment',
  organizations: 'organization',
  users: 'user',
};

/**
 * A list's state kept in the address (page, order, search, filters, open detail), and what its list call sends.
 * The page reads its rows with it (`useQuery(…page(list.params))`) and hands both to `AdminListPage`.
 */
export function useAdminList<F extends string>(section: AdminListSection, filterKeys: readonly F[]) {
  const list = useListState(filterKeys, RECORD_OF[section]);
  return { ...list, section, params: listQuery(list.state) };
}

type AdminList<F extends string> = ReturnType<typeof useAdminList<F>>;

/** The page of rows as the server sent it, with what the toolbar and the grid show of its loading. */
interface AdminListQuery<Row> {
  data: { items: Row[]; total: number } | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/** A filter above the list: its options; its value and its change go through the address. */
interface AdminListFilter<F extends string> {
  key: F;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}

/**
 * One administration list page (spec 001 §2): its header, search, filters, reset, refresh and CSV export, the
 * server-paged grid, and the open record's detail with its history; an administrator only (a 403 says so).
 * The page brings what is its own: columns, row actions, the detail's fields and buttons, and its dialogs (children).
 */
export function AdminListPage<Row extends { id: string }, F extends string>({
  list,
  query,
  columns,
  filters,
  headerActions,
  beforeToolbar,
  beforeGrid,
  gridError = query.isError,
  emptyText,
  rowActions,
  renderActions: drawActions,
  detail,
  children,
}: {
  list: AdminList<F>;
  query: AdminListQuery<Row>;
  columns: ReadonlyArray<AdminColumn<Row>>;
  filters: ReadonlyArray<AdminListFilter<F>>;
  /** The header's main buttons (create…). */
  headerActions?: ReactNode;
  /** Shown between the header and the toolbar. */
  beforeToolbar?: ReactNode;
  /** Shown between the toolbar and the grid. */
  beforeGrid?: ReactNode;
  /** Whether the grid says the list could not be loaded (by default, when the list call failed). */
  gridError?: boolean;
  emptyText?: string;
  /** A row's buttons: "View <name>" (its detail), then the page's own. */
  rowActions?: { name: (row: Row) => string; more: (row: Row) => ReadonlyArray<RowAction | false> };
  /** A row's actions drawn by the page itself (a menu), instead of `rowActions`. */
  renderActions?: (row: Row) => ReactNode;
  detail: {
    title: string;
    /** The record's buttons, before Close (always there); `null` while the record is not there: then no buttons at all. */
    actions: ReactNode;
    /** The record's fields; `null` when it is not there: nothing while `loading`, else a load error. */
    content: ReactNode;
    loading?: boolean;
  };
  /** The page's own dialogs (create, edit, confirm…). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const { section, state, params, openDetail, closeDetail } = list;
  const exporter = useExport(`/api/admin/${section}/export`, `${section}_export.csv`);
  const onOpen = useCallback((row: Row) => openDetail(row.id), [openDetail]);
  const renderActions = useCallback(
    (row: Row) =>
      rowActions ? (
        <RowActions actions={[{ key: 'view', label: `${t('common.view')} ${rowActions.name(row)}`, icon: <VisibilityOutlinedIcon />, onClick: () => openDetail(row.id) }, ...rowActions.more(row)]} />
      ) : (
        drawActions?.(row)
      ),
    [rowActions, drawActions, t, openDetail],
  );

  if (isApiError(query.error) && query.error.status === 403) return <AccessDeniedPanel message={t('unauthorized')} backTo="/dashboard" backLabel={t('backToDashboard')} />;
  const title = t(`${section}.title`);

  return (
    <PageContainer title={title} maxWidth="xl">
      <AdminPageHeader title={title} subtitle={t(`${section}.subtitle`)} actions={headerActions} />
      {beforeToolbar}
      <ListToolbar
        searchLabel={t(`${section}.searchLabel`)}
        searchPlaceholder={t(`${section}.searchPlaceholder`)}
        search={state.q}
        onSearch={list.setSearch}
        filters={filters.map((filter) => ({ ...filter, value: state.filters[filter.key], onChange: (value: string) => list.setFilter(filter.key, value) }))}
        onReset={list.reset}
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching}
        onExport={() => void exporter.run(params)}
        exporting={exporter.exporting}
      />
      {beforeGrid}
      <AdminGrid
        label={t('common.gridLabel', { title })}
        columns={columns}
        rows={query.data?.items ?? []}
        total={query.data?.total ?? 0}
        loading={query.isFetching}
        error={gridError}
        onRetry={() => void query.refetch()}
        state={state}
        onPage={list.setPage}
        onSort={list.setSort}
        onOpen={onOpen}
        renderActions={rowActions || drawActions ? renderActions : undefined}
        emptyText={emptyText}
      />

      <DetailDialog
        open={state.detail !== null}
        title={detail.title}
        history={state.detail ? { category: RECORD_OF[section], id: state.detail } : null}
        onClose={closeDetail}
        actions={
          detail.actions === null ? null : (
            <>
              {detail.actions}
              <Button onClick={closeDetail}>{t('common.close')}</Button>
            </>
          )
        }
      >
        {detail.content ?? (detail.loading ? null : <Alert severity="error">{t('common.loadError')}</Alert>)}
      </DetailDialog>

      {children}
    </PageContainer>
  );
}
