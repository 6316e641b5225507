import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks before a change that cannot be taken back; the confirm button waits while the change is under way. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  destructive = false,
  pending = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  const bodyId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const wasPending = useRef(pending);
  useEffect(() => {
    // Both buttons wait while the change is under way, and a disabled button drops the focus to the page: once the
    // answer is in (a refusal keeps the dialog open), the focus comes back to the dialog, so that Escape and Tab work.
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (wasPending.current && !pending && open && lost) confirmRef.current?.focus();
    wasPending.current = pending;
  }, [pending, open]);
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} aria-labelledby={titleId} aria-describedby={bodyId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent id={bodyId}>{children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={pending}>
          {cancelLabel ?? t('common.cancel')}
        </Button>
        <Button ref={confirmRef} onClick={onConfirm} variant="contained" color={destructive ? 'error' : 'primary'} loading={pending}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
