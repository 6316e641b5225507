import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { enUS as pickersEn, frFR as pickersFr } from '@mui/x-date-pickers/locales';
import { enUS, fr } from 'date-fns/locale';
import type { ReactNode } from 'react';
import { useLanguage } from '../../lib/use-language';

/**
 * Loaded only with the screens that show a date picker. French weeks start on Monday and dates read
 * DD/MM/YYYY (placeholder JJ/MM/AAAA); English dates read MM/DD/YYYY.
 */
export function LocalizedPickersProvider({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const pickersLocale = language === 'en' ? pickersEn : pickersFr;
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={language === 'en' ? enUS : fr}
      localeText={pickersLocale.components.MuiLocalizationProvider.defaultProps.localeText}
    >
      {children}
    </LocalizationProvider>
  );
}
