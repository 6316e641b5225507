import { useContext } from 'react';
import { ToastContext, type ToastFn } from './toast-context';

export function useToast(): ToastFn {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast must be used inside <ToastProvider>');
  return toast;
}
