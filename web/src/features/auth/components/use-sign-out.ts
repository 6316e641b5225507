import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/ui/toast/use-toast';
import { useLogout } from '../api/logout';

/** Sign out, forget every cached answer, say so, and go home (specification §2 and §8). */
export function useSignOut(): () => void {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const navigate = useNavigate();
  const logoutMutation = useLogout();

  return () => {
    logoutMutation.mutate(undefined, {
      onSuccess: () => {
        void navigate('/');
        toast({ variant: 'success', title: t('toast.logoutSuccessTitle'), description: t('toast.logoutSuccess') });
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: t('toast.logoutErrorTitle'), description: error.message });
      },
    });
  };
}
