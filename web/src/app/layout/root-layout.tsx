import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { Footer } from '../../components/layout/footer';
import { PageLoader } from '../../components/ui/page-loader';
import { useDismissStaleErrors } from '../../components/ui/toast/use-toast';
import { visuallyHiddenSx } from '../../components/ui/visually-hidden';
import { useAuthModal } from '../../features/auth/components/auth-modal-context';
import { useEver } from '../../lib/use-ever';
import { Header } from './header';
import { ScrollToTop } from './scroll-to-top';

// The sign-in and sign-up dialog, its forms and their validation load when it first opens.
const AuthModal = lazy(() => import('../../features/auth/components/auth-modal').then((module) => ({ default: module.AuthModal })));

function AuthModalOnDemand() {
  const modal = useAuthModal();
  const wanted = useEver(modal.show);
  return wanted ? (
    <Suspense fallback={null}>
      <AuthModal />
    </Suspense>
  ) : null;
}

/** An error belongs to the page it was met on: when the page changes, its toast goes. */
function DismissStaleErrorsOnNavigation() {
  const { pathname } = useLocation();
  const dismissStaleErrors = useDismissStaleErrors();
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    dismissStaleErrors();
  }, [pathname, dismissStaleErrors]);
  return null;
}

export function RootLayout() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <ScrollToTop />
      <DismissStaleErrorsOnNavigation />
      <Link
        href="#main-content"
        sx={{
          ...visuallyHiddenSx,
          '&:focus': { clip: 'auto', width: 'auto', height: 'auto', margin: 0, p: 1.5, zIndex: 2000, bgcolor: 'background.paper', top: 8, left: 8 },
        }}
      >
        {t('skipToContent')}
      </Link>
      <Header />
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      <AuthModalOnDemand />
    </Box>
  );
}
