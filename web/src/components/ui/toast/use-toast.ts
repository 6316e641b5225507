import { useContext } from 'react';
import { ToastContext, type ToastControls, type ToastFn } from './toast-context';

function useToastControls(): ToastControls {
  const controls = useContext(ToastContext);
  if (!controls) throw new Error('useToast must be used inside <ToastProvider>');
  return controls;
}

export function useToast(): ToastFn {
  return useToastControls().toast;
}

/** For the layout: error toasts go away when the page changes. */
export function useDismissStaleErrors(): () => void {
  return useToastControls().dismissStaleErrors;
}
