import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { BookingStatus, CourseStatus, PaymentStatus } from '@recup/query-api/contracts';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatCourseDay, formatMoney, formatShortDate } from '../../lib/format';
import type { ColumnSpec } from '../data-grid/column-spec';
import { formatShortDateTime } from './admin-format';
import type { Language } from '../../lib/language';
import { BookingStatusChip, CourseStatusChip, PaymentStatusChip, RoleChip, VerifiedChip } from './status-chips';

/**
 * A grid column as data: which value of the row it shows and as what. The screens declare their columns in
 * their `columns.ts`; `toGridColumns` turns them into the grid's, with cells per kind, in the user's language.
 */
export type AdminColumn<Row> = Pick<ColumnSpec<Row>, 'field' | 'minWidth' | 'flex' | 'hideOnPhone' | 'phoneMinWidth'> & {
  /** A key of the `admin` namespace. */
  header: string;
  /** The server's sort key, when the list can be sorted by this column. */
  sortKey?: string;
} & (
  | { kind: 'text'; value: (row: Row) => string | null }
  | { kind: 'open'; value: (row: Row) => string; label?: (row: Row) => string }
  | { kind: 'twoLines'; value: (row: Row) => readonly [string, string] }
  | { kind: 'money'; value: (row: Row) => number }
  | { kind: 'date' | 'dateTime' | 'courseDate'; value: (row: Row) => string | null }
  | { kind: 'courseStatus'; value: (row: Row) => CourseStatus }
  | { kind: 'bookingStatus'; value: (row: Row) => BookingStatus }
  | { kind: 'paymentStatus'; value: (row: Row) => PaymentStatus }
  | { kind: 'role'; value: (row: Row) => 'USER' | 'ORGANIZATION' | 'ADMIN' }
  | { kind: 'verified'; value: (row: Row) => boolean; pendingLabel?: string; /** A key of the `admin` namespace for a flag shown under the chip, when the row has one. */ flag?: (row: Row) => string | null }
  | { kind: 'actions' }
);

interface ColumnContext<Row> {
  t: TFunction<'admin'>;
  language: Language;
  /** Opens the row's detail (the `open` column). */
  onOpen: (row: Row) => void;
  /** The row's action buttons (the `actions` column). */
  renderActions?: (row: Row) => ReactNode;
  /** Below 600 px: the columns use their phone minimum width. */
  phone?: boolean;
}

function TwoLines({ primary, secondary }: { primary: string; secondary: string }) {
  return (
    <Box sx={{ py: 1, lineHeight: 1.3, minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {primary}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {secondary}
      </Typography>
    </Box>
  );
}

export function toGridColumns<Row>(columns: ReadonlyArray<AdminColumn<Row>>, context: ColumnContext<Row>): GridColDef[] {
  const { t, language } = context;
  return columns.map((column) => {
    const base: GridColDef = {
      field: column.field,
      headerName: t(column.header as never),
      sortable: column.sortKey !== undefined,
      minWidth: (context.phone ? column.phoneMinWidth : undefined) ?? column.minWidth ?? 120,
      flex: column.flex ?? 1,
      filterable: false,
      disableColumnMenu: true,
    };
    const row = (params: { row: unknown }) => params.row as Row;
    switch (column.kind) {
      case 'text':
        return { ...base, renderCell: (p) => column.value(row(p)) ?? '—' };
      case 'open':
        return {
          ...base,
          renderCell: (p) => (
            <Link component="button" type="button" onClick={() => context.onOpen(row(p))} aria-label={column.label?.(row(p))} sx={{ fontWeight: 600, textAlign: 'left' }}>
              {column.value(row(p))}
            </Link>
          ),
        };
      case 'twoLines': {
        return { ...base, renderCell: (p) => <TwoLines primary={column.value(row(p))[0]} secondary={column.value(row(p))[1]} /> };
      }
      case 'money':
        return { ...base, align: 'right', headerAlign: 'right', renderCell: (p) => formatMoney(column.value(row(p)), language) };
      case 'date':
      case 'dateTime':
      case 'courseDate':
        return {
          ...base,
          renderCell: (p) => {
            const value = column.value(row(p));
            if (!value) return '—';
            // A course's day names its weekday, as everywhere a course date is shown.
            if (column.kind === 'courseDate') return formatCourseDay(value, language);
            return column.kind === 'date' ? formatShortDate(value, language) : formatShortDateTime(value, language);
          },
        };
      case 'courseStatus':
        return { ...base, renderCell: (p) => <CourseStatusChip status={column.value(row(p))} /> };
      case 'bookingStatus':
        return { ...base, renderCell: (p) => <BookingStatusChip status={column.value(row(p))} /> };
      case 'paymentStatus':
        return { ...base, renderCell: (p) => <PaymentStatusChip status={column.value(row(p))} /> };
      case 'role':
        return { ...base, renderCell: (p) => <RoleChip role={column.value(row(p))} /> };
      case 'verified':
        return {
          ...base,
          renderCell: (p) => {
            const chip = <VerifiedChip verified={column.value(row(p))} pendingLabel={column.pendingLabel ? t(column.pendingLabel as never) : undefined} />;
            const flag = column.flag?.(row(p));
            if (!flag) return chip;
            return (
              <Stack spacing={0.5} sx={{ py: 1, alignItems: 'flex-start' }}>
                {chip}
                <Chip size="small" variant="outlined" color="info" label={t(flag as never)} />
              </Stack>
            );
          },
        };
      case 'actions':
        return { ...base, sortable: false, align: 'right', headerAlign: 'right', renderCell: (p) => context.renderActions?.(row(p)) ?? null };
    }
  });
}
