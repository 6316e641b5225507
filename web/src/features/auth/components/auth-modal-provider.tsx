import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { AuthModalContext, type AuthModalMode } from './auth-modal-context';

/** The authentication modal is driven by a show flag and a mode, and anyone may open it (specification §2). */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [show, setShow] = useState(false);
  const [mode, setMode] = useState<AuthModalMode>('login');

  // Stable, so a timer that closes the modal later need not restart whenever the modal's state changes.
  const open = useCallback((next: AuthModalMode = 'login') => {
    setMode(next);
    setShow(true);
  }, []);
  const close = useCallback(() => setShow(false), []);

  const value = useMemo(() => ({ show, mode, setMode, open, close }), [show, mode, open, close]);

  return <AuthModalContext.Provider value={value}>{children}</AuthModalContext.Provider>;
}
