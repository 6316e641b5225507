import CloseIcon from '@mui/icons-material/Close';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Portal from '@mui/material/Portal';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastContext, type ToastOptions, type ToastVariant } from './toast-context';

type Toast = ToastOptions & { id: number };

const MAX_VISIBLE = 3;
const DEFAULT_DURATION = 5000;
const DURATION_WITH_ACTION = 9000;

const severityOf: Record<ToastVariant, AlertColor> = {
  default: 'info',
  info: 'info',
  success: 'success',
  destructive: 'error',
};

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  const duration = toast.duration ?? (toast.action ? DURATION_WITH_ACTION : DEFAULT_DURATION);

  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), duration);
    return () => clearTimeout(timer);
  }, [toast.id, duration, onDismiss]);

  const variant = toast.variant ?? 'default';
  return (
    <Alert
      severity={severityOf[variant]}
      variant="filled"
      role={variant === 'destructive' ? 'alert' : 'status'}
      sx={{ boxShadow: 6, width: '100%' }}
      action={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          {toast.action ? (
            <Button
              color="inherit"
              size="small"
              variant="outlined"
              onClick={() => {
                toast.action?.onClick();
                onDismiss(toast.id);
              }}
            >
              {toast.action.label}
            </Button>
          ) : null}
          <IconButton color="inherit" size="small" aria-label={t('toast.close')} onClick={() => onDismiss(toast.id)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      }
    >
      <AlertTitle sx={{ fontWeight: 700, mb: toast.description ? 0.25 : 0 }}>{toast.title}</AlertTitle>
      {toast.description}
    </Alert>
  );
}

/** Success, error ('destructive') and info messages, stacked at the bottom of the screen, each with an optional action. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const toast = useCallback((options: ToastOptions) => {
    const id = nextId.current++;
    setToasts((current) => [...current, { ...options, id }].slice(-MAX_VISIBLE));
  }, []);

  const value = useMemo(() => toast, [toast]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      {toasts.length > 0 ? (
        // Mounted on demand, after any open dialog: a dialog hides from assistive technology what existed before it.
        <Portal>
          <Box
            component="section"
            aria-label={t('toast.region')}
            sx={{
              position: 'fixed',
              zIndex: (theme) => theme.zIndex.snackbar,
              bottom: { xs: 8, sm: 24 },
              right: { xs: 8, sm: 24 },
              left: { xs: 8, sm: 'auto' },
              width: { sm: 420 },
              display: 'flex',
              flexDirection: 'column',
              gap: 1,
            }}
          >
            {toasts.map((item) => (
              <ToastItem key={item.id} toast={item} onDismiss={dismiss} />
            ))}
          </Box>
        </Portal>
      ) : null}
    </ToastContext.Provider>
  );
}
