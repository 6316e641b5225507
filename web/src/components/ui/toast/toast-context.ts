import { createContext } from 'react';

export type ToastVariant = 'default' | 'success' | 'destructive' | 'info';

export type ToastAction = { label: string; onClick: () => void };

export type ToastOptions = {
  title: string;
  description?: string | undefined;
  variant?: ToastVariant | undefined;
  action?: ToastAction | undefined;
  /** Milliseconds before it goes away on its own. */
  duration?: number | undefined;
};

export type ToastFn = (options: ToastOptions) => void;

export const ToastContext = createContext<ToastFn | null>(null);
