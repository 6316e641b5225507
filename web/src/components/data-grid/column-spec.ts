import type { ReactNode } from 'react';
import { formatCourseDay, formatMoney, formatShortDate, formatTime } from '../../lib/format';
import type { Language } from '../../lib/language';

/**
 * A data grid's column as data (STYLE.md, Back office): what it shows and how, never JSX. A column whose
 * cells need components (a chip, buttons) names a renderer that the page provides.
 */
export interface ColumnSpec<R> {
  field: string;
  /** The header's translation key, in the namespace the page passes. */
  header: string;
  /** How the value reads: as is, a day, a day and time (Paris), a course's day and time (with its weekday), money in cents. */
  kind?: 'text' | 'date' | 'dateTime' | 'courseDateTime' | 'money';
  /** The cell's value (also what the column sorts by). */
  value?: (row: R) => string | number | null;
  /** Shown as a secondary line under the value (a participant's e-mail under their name). */
  secondary?: (row: R) => string | null;
  flex?: number;
  minWidth?: number;
  sortable?: boolean;
  /** Hidden on a phone (below 600 px) to keep the grid readable. */
  hideOnPhone?: boolean;
  /** A narrower minimum on a phone, so that the columns kept fit 360 px. */
  phoneMinWidth?: number;
  /** The name of the renderer the page provides for this column's cells. */
  render?: string;
}

export type CellRenderer<R> = (row: R) => ReactNode;

export function formatCell(kind: ColumnSpec<unknown>['kind'], value: string | number | null, language: Language): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'money':
      return formatMoney(Number(value), language);
    case 'date':
      return formatShortDate(String(value), language);
    case 'dateTime':
      return `${formatShortDate(String(value), language)} ${formatTime(String(value), language)}`;
    case 'courseDateTime':
      return `${formatCourseDay(String(value), language)} ${formatTime(String(value), language)}`;
    default:
      return String(value);
  }
}

