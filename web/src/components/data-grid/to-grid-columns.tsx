import Box from '@mui/material/Box';
import type { GridColDef, GridRenderCellParams, GridValidRowModel } from '@mui/x-data-grid';
import type { Language } from '../../lib/language';
import { formatCell, type CellRenderer, type ColumnSpec } from './column-spec';

/** Turns column specs into MUI X columns, in the page's language. */
export function toGridColumns<R extends GridValidRowModel>(
  specs: readonly ColumnSpec<R>[],
  options: { t: (key: string) => string; language: Language; renderers?: Record<string, CellRenderer<R>>; phone?: boolean },
): GridColDef<R>[] {
  return specs.map((spec) => {
    const renderer = spec.render ? options.renderers?.[spec.render] : undefined;
    const format = (value: string | number | null) => formatCell(spec.kind, value, options.language);
    const column: GridColDef<R> = {
      field: spec.field,
      headerName: options.t(spec.header),
      flex: spec.flex ?? 1,
      minWidth: (options.phone ? spec.phoneMinWidth : undefined) ?? spec.minWidth ?? 120,
      sortable: spec.sortable ?? Boolean(spec.value),
      disableColumnMenu: true,
      valueGetter: (_value, row) => (spec.value ? spec.value(row) : null),
      valueFormatter: (value: string | number | null) => format(value),
    };
    if (renderer) column.renderCell = (params: GridRenderCellParams<R>) => renderer(params.row);
    else if (spec.secondary) {
      const secondary = spec.secondary;
      column.renderCell = (params: GridRenderCellParams<R>) => (
        <Box sx={{ py: 1, lineHeight: 1.4, minWidth: 0 }}>
          <Box>{format(spec.value ? spec.value(params.row) : null)}</Box>
          <Box sx={{ color: 'text.secondary', fontSize: '0.8125rem', overflowWrap: 'anywhere' }}>{secondary(params.row)}</Box>
        </Box>
      );
    }
    return column;
  });
}
