import { createContext, useContext } from 'react';

export type AuthModalMode = 'login' | 'register';

type AuthModalState = {
  show: boolean;
  mode: AuthModalMode;
  open: (mode?: AuthModalMode) => void;
  close: () => void;
  setMode: (mode: AuthModalMode) => void;
};

export const AuthModalContext = createContext<AuthModalState | null>(null);

export function useAuthModal(): AuthModalState {
  const state = useContext(AuthModalContext);
  if (!state) throw new Error('useAuthModal must be used inside <AuthModalProvider>');
  return state;
}
