import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { DataGrid, type GridSortModel } from '@mui/x-data-grid';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGridFrame } from '../data-grid/use-grid-frame';
import { toGridColumns, type AdminColumn } from './grid-columns';
import { PAGE_SIZES, type ListState } from './use-list-state';

/**
 * One administration list: a data grid paged and sorted by the server (only the page on screen is loaded),
 * in the user's language, with the list's loading, empty and error states.
 */
export function AdminGrid<Row extends { id: string }, F extends string>({
  label,
  columns,
  rows,
  total,
  loading,
  error,
  onRetry,
  state,
  onPage,
  onSort,
  onOpen,
  renderActions,
  emptyText,
}: {
  label: string;
  columns: ReadonlyArray<AdminColumn<Row>>;
  rows: Row[];
  total: number;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  state: ListState<F>;
  onPage: (page: number, pageSize: number) => void;
  onSort: (sort: string | null, order: 'asc' | 'desc' | null) => void;
  onOpen: (row: Row) => void;
  renderActions?: (row: Row) => ReactNode;
  emptyText?: string;
}) {
  const { t } = useTranslation('admin');
  // The columns a phone hides and MUI X's texts, as in the centre's grids.
  const { language, phone, visibility, localeText } = useGridFrame(columns, emptyText);
  const gridColumns = useMemo(() => toGridColumns(columns, { t, language, onOpen, renderActions, phone }), [columns, t, language, onOpen, renderActions, phone]);
  const sortModel: GridSortModel = useMemo(() => {
    const column = columns.find((c) => c.sortKey !== undefined && c.sortKey === state.sort);
    return column && state.order ? [{ field: column.field, sort: state.order }] : [];
  }, [columns, state.sort, state.order]);

  return (
    <Box>
      {error ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('common.loadError')}
        </Alert>
      ) : null}
      <DataGrid
        aria-label={label}
        rows={rows}
        columns={gridColumns}
        columnVisibilityModel={visibility}
        rowCount={total}
        loading={loading}
        autoHeight
        getRowHeight={() => 'auto'}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        paginationModel={{ page: state.page, pageSize: state.pageSize }}
        onPaginationModelChange={(model) => onPage(model.page, model.pageSize)}
        pageSizeOptions={[...PAGE_SIZES]}
        sortModel={sortModel}
        onSortModelChange={(model) => {
          const [first] = model;
          const column = first && columns.find((c) => c.field === first.field);
          onSort(column?.sortKey ?? null, first?.sort ?? null);
        }}
        disableColumnFilter
        disableColumnSelector
        disableDensitySelector
        disableRowSelectionOnClick
        localeText={localeText}
        sx={{ bgcolor: 'background.paper', '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' }, '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 700 } }}
      />
    </Box>
  );
}
