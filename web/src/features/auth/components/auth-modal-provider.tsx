import { useMemo, useState, type ReactNode } from 'react';
import { AuthModalContext, type AuthModalMode } from './auth-modal-context';

/** The authentication modal is driven by a show flag and a mode, and anyone may open it (specification §2). */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [show, setShow] = useState(false);
  const [mode, setMode] = useState<AuthModalMode>('login');

  const value = useMemo(
    () => ({
      show,
      mode,
      setMode,
      open: (next: AuthModalMode = 'login') => {
        setMode(next);
        setShow(true);
      },
      close: () => setShow(false),
    }),
    [show, mode],
  );

  return <AuthModalContext.Provider value={value}>{children}</AuthModalContext.Provider>;
}
