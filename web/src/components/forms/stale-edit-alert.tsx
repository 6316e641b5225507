import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { COURSE_TIME_ZONE, formatTime } from '../../lib/format';
import type { Language } from '../../lib/language';
import { useLanguage } from '../../lib/use-language';

/** Who changed meanwhile what the user was editing, as the server's 412 STALE_EDIT tells it. */
export interface StaleEdit {
  changedBy: 'you' | 'administrator' | 'person' | 'platform' | 'unknown';
  changedByName: string | null;
  changedAt: string | null;
}

const EDITORS = new Set(['you', 'administrator', 'person', 'platform', 'unknown']);

/** The stale edit an error reports (an edit sent with If-Match that somebody else's edit replaced), or null. */
export function staleEditOf(error: unknown): StaleEdit | null {
  if (!isApiError(error) || error.status !== 412 || error.code !== 'STALE_EDIT') return null;
  const { changedBy, changedByName, changedAt } = error.members;
  const by = typeof changedBy === 'string' && EDITORS.has(changedBy) ? (changedBy as StaleEdit['changedBy']) : 'unknown';
  const name = typeof changedByName === 'string' && changedByName.trim() ? changedByName : null;
  const at = typeof changedAt === 'string' && !Number.isNaN(Date.parse(changedAt)) ? changedAt : null;
  return { changedBy: by === 'person' && !name ? 'unknown' : by, changedByName: name, changedAt: at };
}

/** "Modifié entre-temps par Camille Martin, le 21 novembre à 10h00 : rechargez la page…", in the user's language. */
function staleEditMessage(stale: StaleEdit, t: TFunction, language: Language): string {
  if (stale.changedBy === 'unknown' || !stale.changedAt) return t('staleEdit.unknown');
  const day = new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', { day: 'numeric', month: 'long', timeZone: COURSE_TIME_ZONE }).format(new Date(stale.changedAt));
  return t(`staleEdit.${stale.changedBy}`, { name: stale.changedByName ?? '', day, time: formatTime(stale.changedAt, language) });
}

/**
 * Shown in a form whose save was refused because somebody changed the same record meanwhile: who and when, and
 * a reload (the form keeps what the user typed until then, so that they may copy it).
 */
export function StaleEditAlert({ stale, onReload = () => window.location.reload() }: { stale: StaleEdit; onReload?: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const ref = useRef<HTMLDivElement>(null);
  // Shown where the save button is, in view: the user clicked it and must see why nothing was saved.
  useEffect(() => ref.current?.scrollIntoView?.({ block: 'nearest' }), []);
  return (
    <Alert
      ref={ref}
      severity="warning"
      role="alert"
      data-testid="stale-edit"
      action={
        <Button color="inherit" size="small" variant="outlined" onClick={onReload} sx={{ whiteSpace: 'nowrap', alignSelf: 'center' }}>
          {t('staleEdit.reload')}
        </Button>
      }
      // On a phone the reload goes under the message, which keeps its icon beside it.
      sx={{
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        '& .MuiAlert-message': { flex: '1 1 0', minWidth: 0 },
        '& .MuiAlert-action': { pl: { xs: 0, sm: 2 }, ml: { xs: 0, sm: 'auto' }, width: { xs: '100%', sm: 'auto' }, justifyContent: 'flex-end' },
      }}
    >
      <AlertTitle>{t('staleEdit.title')}</AlertTitle>
      {staleEditMessage(stale, t, language)}
    </Alert>
  );
}
