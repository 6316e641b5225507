import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { GridColumnVisibilityModel, GridLocaleText } from '@mui/x-data-grid';
import { enUS, frFR } from '@mui/x-data-grid/locales';
import { useMemo } from 'react';
import { useLanguage } from '../../lib/use-language';

const LOCALE_TEXT = { fr: frFR.components.MuiDataGrid.defaultProps.localeText, en: enUS.components.MuiDataGrid.defaultProps.localeText };

/**
 * What every back-office data grid shares, whichever wrapper draws it (the centre's client-paged grid, the
 * administrators' server-paged one): MUI X's texts in the UI's language (with the list's own empty text),
 * whether the screen is a phone, and the columns a phone hides.
 */
export function useGridFrame(columns: ReadonlyArray<{ field: string; hideOnPhone?: boolean }>, emptyText?: string) {
  const language = useLanguage();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const visibility = useMemo<GridColumnVisibilityModel>(() => Object.fromEntries(columns.filter((c) => c.hideOnPhone).map((c) => [c.field, !phone])), [columns, phone]);
  const localeText = useMemo<Partial<GridLocaleText>>(() => ({ ...LOCALE_TEXT[language], ...(emptyText ? { noRowsLabel: emptyText } : {}) }), [language, emptyText]);
  return { language, phone, visibility, localeText };
}
