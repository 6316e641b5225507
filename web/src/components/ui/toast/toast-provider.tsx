import CloseIcon from '@mui/icons-material/Close';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { SnackbarContent, SnackbarProvider, useSnackbar, type CustomContentProps, type SnackbarKey, type SnackbarOrigin } from 'notistack';
import { forwardRef, useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastContext, type ToastControls, type ToastOptions, type ToastVariant } from './toast-context';

const MAX_VISIBLE = 3;
/** The class of the stacks at the top of the window (a toast stands at the bottom when it would cover the field in focus). */
const TOP_STACK = 'recup-toast-stack-top';
const DEFAULT_DURATION = 5000;
const DURATION_WITH_ACTION = 9000;

const severityOf: Record<ToastVariant, AlertColor> = {
  default: 'info',
  info: 'info',
  success: 'success',
  destructive: 'error',
};
const notistackVariant = { default: 'default', info: 'info', success: 'success', destructive: 'error' } as const;

/** What a toast shows, carried to its component through notistack's message. */
type ToastBody = { title: string; description?: string | undefined; action?: ToastOptions['action']; variant: ToastVariant };

function isToastBody(message: unknown): message is ToastBody {
  return typeof message === 'object' && message !== null && 'title' in message && 'variant' in message;
}

/** Our look (MUI's filled alert, its close button and its action), inside notistack's stack and transitions. */
const ToastContent = forwardRef<HTMLDivElement, CustomContentProps>(function ToastContent({ id, message, style, className }, ref) {
  const { t } = useTranslation();
  const { closeSnackbar } = useSnackbar();
  if (!isToastBody(message)) return null;
  const { title, description, action, variant } = message;
  return (
    <SnackbarContent ref={ref} style={style} className={className} data-toast={String(id)}>
      <Alert
        severity={severityOf[variant]}
        variant="filled"
        role={variant === 'destructive' ? 'alert' : 'status'}
        sx={{ boxShadow: 6, width: '100%' }}
        action={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            {action ? (
              <Button
                color="inherit"
                size="small"
                variant="outlined"
                onClick={() => {
                  action.onClick();
                  closeSnackbar(id);
                }}
              >
                {action.label}
              </Button>
            ) : null}
            <IconButton color="inherit" size="small" aria-label={t('toast.close')} onClick={() => closeSnackbar(id)}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
        }
      >
        <AlertTitle sx={{ fontWeight: 700, mb: description ? 0.25 : 0 }}>{title}</AlertTitle>
        {description}
      </Alert>
    </SnackbarContent>
  );
});

const components = { default: ToastContent, info: ToastContent, success: ToastContent, error: ToastContent, warning: ToastContent };

const EDITABLE = 'input:not([type="checkbox"]):not([type="radio"]):not([type="button"]):not([type="submit"]), textarea, select, [contenteditable="true"]';

function overlaps(a: DOMRect, b: DOMRect) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** The field the person is filling, if the focus is in one. */
function fieldInFocus(): Element | null {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  return active?.matches(EDITABLE) ? active : null;
}

/** The keys of the toasts on screen that lie over this field. */
function toastsOver(field: Element): Set<string | null> {
  const area = field.getBoundingClientRect();
  return new Set([...document.querySelectorAll('[data-toast]')].filter((node) => overlaps(node.getBoundingClientRect(), area)).map((node) => node.getAttribute('data-toast')));
}

/**
 * Where a new toast stands: at the top, as usual, unless the person is filling a field in the upper half of the
 * window, where the toast would land on it; then at the bottom.
 */
function anchorFor(phone: boolean): SnackbarOrigin {
  const horizontal = phone ? 'center' : 'right';
  const field = fieldInFocus();
  if (!field) return { vertical: 'top', horizontal };
  const { top, bottom } = field.getBoundingClientRect();
  return { vertical: (top + bottom) / 2 < window.innerHeight / 2 ? 'bottom' : 'top', horizontal };
}

type Shown = { key: SnackbarKey; group: string | undefined; error: boolean; keepOnNavigation: boolean };

/** The toasts of notistack, behind our `useToast()`: grouped by action, dismissed when stale, never over the field being filled. */
function ToastControlsProvider({ phone, children }: { phone: boolean; children: ReactNode }) {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const shown = useRef<Shown[]>([]);

  const close = useCallback((key: SnackbarKey) => {
    shown.current = shown.current.filter((item) => item.key !== key);
    closeSnackbar(key);
  }, [closeSnackbar]);

  // Nor one that appears while they are in it: it is placed away from the field (`anchorFor`), and whatever still
  // lies over it once in place goes away.
  const clearFieldInFocus = useCallback(() => {
    const field = fieldInFocus();
    if (!field || shown.current.length === 0) return;
    const over = toastsOver(field);
    for (const item of shown.current.filter((s) => over.has(String(s.key)))) close(item.key);
  }, [close]);

  const toast = useCallback((options: ToastOptions) => {
    const variant = options.variant ?? 'default';
    // A new word on an action replaces the last one: "signed in" never stands beside "sign-in failed".
    if (options.group) for (const item of shown.current.filter((s) => s.group === options.group)) close(item.key);
    const body: ToastBody = { title: options.title, description: options.description, action: options.action, variant };
    const key = enqueueSnackbar({
      message: body as unknown as ReactNode,
      variant: notistackVariant[variant],
      anchorOrigin: anchorFor(phone),
      autoHideDuration: options.duration ?? (options.action ? DURATION_WITH_ACTION : DEFAULT_DURATION),
      // Once in place: if it (or the stack it pushed) still lies over the field being filled, it goes.
      onEntered: clearFieldInFocus,
      onClose: () => {
        shown.current = shown.current.filter((item) => item.key !== key);
      },
    });
    shown.current = [...shown.current, { key, group: options.group, error: variant === 'destructive', keepOnNavigation: options.keepOnNavigation ?? false }];
    return () => close(key);
  }, [enqueueSnackbar, close, phone, clearFieldInFocus]);

  const dismissStaleErrors = useCallback(() => {
    for (const item of shown.current.filter((s) => s.error && !s.keepOnNavigation)) close(item.key);
  }, [close]);

  // A toast never hides the field a person is filling: one that lies over the field they move to goes away.
  useEffect(() => {
    const clearField = (event: FocusEvent) => {
      const field = event.target instanceof Element ? event.target : null;
      if (!field?.matches(EDITABLE) || shown.current.length === 0) return;
      const over = toastsOver(field);
      for (const item of shown.current.filter((s) => over.has(String(s.key)))) close(item.key);
    };
    document.addEventListener('focusin', clearField);
    return () => document.removeEventListener('focusin', clearField);
  }, [close]);

  const value = useMemo<ToastControls>(() => ({ toast, dismissStaleErrors }), [toast, dismissStaleErrors]);
  return <ToastContext.Provider value={value}>{children}</ToastContext.Provider>;
}

/**
 * Success, error ('destructive') and info messages (notistack), each with an optional action. On a phone they
 * stand at the top, over the header, where no field is; on a wider screen at the top right, under the header.
 * One that appears while the person is filling a field in the upper half of the window stands at the bottom.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const theme = useTheme();
  // Read at once, also when React takes over a page written on the server: nothing the server wrote depends on it
  // (the stacks mount with their first message), and a change after hydration would make React redo the whole page
  // at once, holding a phone's main thread for a few hundred milliseconds.
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <SnackbarProvider
      maxSnack={MAX_VISIBLE}
      anchorOrigin={{ vertical: 'top', horizontal: phone ? 'center' : 'right' }}
      // Each stack mounts on demand at the end of the page, after any open dialog, which would otherwise hide it
      // from assistive technology.
      domRoot={typeof document === 'undefined' ? undefined : document.body}
      Components={components}
      dense={phone}
      preventDuplicate={false}
      classes={{ containerAnchorOriginTopRight: TOP_STACK, containerAnchorOriginTopCenter: TOP_STACK }}
    >
      {/* Wider screens: the top stack just under the header, so the account menu and the language switch stay in reach. */}
      <GlobalStyles styles={{ [theme.breakpoints.up('sm')]: { [`body .notistack-SnackbarContainer.${TOP_STACK}`]: { top: '72px' } } }} />
      <ToastControlsProvider phone={phone}>{children}</ToastControlsProvider>
    </SnackbarProvider>
  );
}
