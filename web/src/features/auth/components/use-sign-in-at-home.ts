import { useNavigate } from 'react-router-dom';
import { useAuthModal } from './auth-modal-context';

/** The account pages' "sign in" buttons: home, with the sign-in modal open. */
export function useSignInAtHome(): () => void {
  const navigate = useNavigate();
  const modal = useAuthModal();
  return () => {
    void navigate('/');
    modal.open('login');
  };
}
