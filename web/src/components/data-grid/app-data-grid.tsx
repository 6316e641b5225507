import Box from '@mui/material/Box';
import { DataGrid, type GridValidRowModel } from '@mui/x-data-grid';
import { useMemo, type ReactNode } from 'react';
import type { CellRenderer, ColumnSpec } from './column-spec';
import { GridPagination, type PaginationLabels } from './grid-pagination';
import { toGridColumns } from './to-grid-columns';
import { useGridFrame } from './use-grid-frame';

/**
 * The back office's data grid (MUI X, in the UI's language): columns from specs, rows that grow with their
 * content, a page of `pageSize` rows with the spec's pagination under it, and an empty state.
 */
export function AppDataGrid<R extends GridValidRowModel>({
  rows, columns, renderers, t, label, loading, page, pageSize, onPageChange, paginationLabels, empty, getRowId,
}: {
  rows: readonly R[];
  columns: readonly ColumnSpec<R>[];
  renderers?: Record<string, CellRenderer<R>>;
  t: (key: string) => string;
  /** The grid's accessible name. */
  label: string;
  loading?: boolean;
  /** 1-based. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  paginationLabels: PaginationLabels;
  empty: ReactNode;
  getRowId?: (row: R) => string;
}) {
  const { language, phone, visibility, localeText } = useGridFrame(columns);
  const gridColumns = useMemo(() => toGridColumns(columns, { t, language, renderers, phone }), [columns, t, language, renderers, phone]);
  const lastPage = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, lastPage);

  return (
    <Box>
      <DataGrid
        aria-label={label}
        rows={rows}
        columns={gridColumns}
        getRowId={getRowId}
        loading={loading}
        autoHeight
        getRowHeight={() => 'auto'}
        columnVisibilityModel={visibility}
        paginationModel={{ page: current - 1, pageSize }}
        pageSizeOptions={[pageSize]}
        hideFooter
        disableRowSelectionOnClick
        disableColumnSelector
        localeText={localeText}
        slots={{ noRowsOverlay: () => <Box sx={{ display: 'flex', height: '100%', alignItems: 'center', justifyContent: 'center', p: 3 }}>{empty}</Box> }}
        sx={{
          bgcolor: 'background.paper',
          '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', py: 1 },
          '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
        }}
      />
      <GridPagination page={current} pageSize={pageSize} total={rows.length} onChange={onPageChange} labels={paginationLabels} />
    </Box>
  );
}
