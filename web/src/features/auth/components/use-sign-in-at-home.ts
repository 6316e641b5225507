import { useNavigate } from 'react-router-dom';
import { useAuthModal } from './auth-modal-context';

/**
 * Sign in on a page of our site: go there, with the sign-in modal open (signed in, a learner stays on that page).
 * `path` is trusted: pass only a checked return path (`safeReturnPath`).
 */
export function useSignInAt(path: string): () => void {
  const navigate = useNavigate();
  const modal = useAuthModal();
  return () => {
    void navigate(path);
    modal.open('login');
  };
}

/** The account pages' "sign in" buttons: home, with the sign-in modal open. */
export function useSignInAtHome(): () => void {
  return useSignInAt('/');
}
