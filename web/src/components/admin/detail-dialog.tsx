import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { HistoryCategory } from '@recup/command-api/contracts';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryTimeline } from './history/history-timeline';

/**
 * A record's detail: its fields, and its history from the event log in a second tab (loaded when opened).
 * Full screen on a phone.
 */
export function DetailDialog({
  open,
  title,
  history,
  children,
  actions,
  onClose,
}: {
  open: boolean;
  title: string;
  history: { category: HistoryCategory; id: string } | null;
  children: ReactNode;
  actions?: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [tab, setTab] = useState<'details' | 'history'>('details');
  const titleId = useId();
  const tabsId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={phone} slotProps={{ transition: { onExited: () => setTab('details') } }}>
      <DialogTitle id={titleId} sx={{ pr: 7, overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <IconButton onClick={onClose} aria-label={t('common.close')} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', px: 3 }}>
        <Tabs value={tab} onChange={(_, value: 'details' | 'history') => setTab(value)} aria-label={title}>
          <Tab value="details" label={t('common.details')} id={`${tabsId}-details`} aria-controls={`${tabsId}-panel`} />
          {history ? <Tab value="history" label={t('common.history')} id={`${tabsId}-history`} aria-controls={`${tabsId}-panel`} /> : null}
        </Tabs>
      </Box>
      <DialogContent id={`${tabsId}-panel`} role="tabpanel" aria-labelledby={`${tabsId}-${tab}`} sx={{ pt: 3 }}>
        {tab === 'history' && history ? <HistoryTimeline category={history.category} id={history.id} /> : children}
      </DialogContent>
      {actions ? <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>{actions}</DialogActions> : null}
    </Dialog>
  );
}
