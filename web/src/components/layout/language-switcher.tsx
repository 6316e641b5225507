import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../lib/language';
import { useEver } from '../../lib/use-ever';
import { useLanguage } from '../../lib/use-language';
import { Flag } from './flags';

// The menu (MUI's Menu, Popover and Modal) loads when first opened: the first paint carries only the button.
const LanguageMenu = lazy(() => import('./language-menu'));

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const menuWanted = useEver(anchor !== null);

  const choose = (next: Language) => {
    setAnchor(null);
    if (next !== language) void i18n.changeLanguage(next);
  };

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('language.switch', { code: language.toUpperCase(), language: t(`language.${language}`) })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        startIcon={<Flag language={language} />}
        sx={{ minWidth: 0, px: 1 }}
      >
        {language.toUpperCase()}
      </Button>
      {menuWanted ? (
        <Suspense fallback={null}>
          <LanguageMenu id={menuId} anchor={anchor} language={language} onClose={() => setAnchor(null)} onChoose={choose} />
        </Suspense>
      ) : null}
    </>
  );
}
