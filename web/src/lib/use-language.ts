import { useTranslation } from 'react-i18next';
import { toLanguage, type Language } from './language';

/** The UI language as our own type, for formatting money and dates. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
}
