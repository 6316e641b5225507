import { createContext } from 'react';

export type ToastVariant = 'default' | 'success' | 'destructive' | 'info';

type ToastAction = { label: string; onClick: () => void };

export type ToastOptions = {
  title: string;
  description?: string | undefined;
  variant?: ToastVariant | undefined;
  action?: ToastAction | undefined;
  /** Milliseconds before it goes away on its own. */
  duration?: number | undefined;
  /**
   * The action it reports on (`'login'`, `'booking'`…): a later toast of the same group replaces it, so that a
   * success never stands beside the failure of the same action.
   */
  group?: string | undefined;
  /**
   * An error goes away when the page changes (its cause is left behind); one that explains the very change of
   * page (sent to verify an address first) says so with this.
   */
  keepOnNavigation?: boolean | undefined;
};

/** Shows a toast; the function it returns takes it away (when its cause is fixed). */
export type ToastFn = (options: ToastOptions) => () => void;

export type ToastControls = {
  toast: ToastFn;
  /** Takes away the error toasts a page change leaves behind. */
  dismissStaleErrors: () => void;
};

export const ToastContext = createContext<ToastControls | null>(null);
