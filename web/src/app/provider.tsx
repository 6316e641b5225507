import CssBaseline from '@mui/material/CssBaseline';
// MUI's own ThemeProvider also carries the CSS-variables provider (colour schemes), which our theme does not use:
// the system's provider is what it renders for such a theme, without that code on the first paint.
import { ThemeProvider } from '@mui/system';
import { HydrationBoundary, QueryClientProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { ToastProvider } from '../components/ui/toast/toast-provider';
import { AuthModalProvider } from '../features/auth/components/auth-modal-provider';
import { createQueryClient } from '../lib/query-client';
import { useLanguage } from '../lib/use-language';
import { createAppTheme } from '../theme/theme';

/** MUI's own texts (pagination, dialogs) follow the UI language, so the theme is rebuilt when it changes. */
function LocalizedThemeProvider({ children }: { children: ReactNode }) {
  const language = useLanguage();
  // `vars: null`, as MUI sets for a theme without CSS variables, so that nothing inherits an outer theme's.
  const theme = useMemo(() => ({ ...createAppTheme(language), vars: null }), [language]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

/**
 * `dehydratedState`: the data a server-rendered page was written with (entry-server.tsx), so that its hydration
 * renders the same page; `client`: the server rendering's own query client.
 */
export function AppProvider({ children, dehydratedState, client }: { children: ReactNode; dehydratedState?: DehydratedState | undefined; client?: QueryClient | undefined }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <HydrationBoundary state={dehydratedState}>
        <LocalizedThemeProvider>
          <ToastProvider>
            <AuthModalProvider>{children}</AuthModalProvider>
          </ToastProvider>
        </LocalizedThemeProvider>
      </HydrationBoundary>
    </QueryClientProvider>
  );
}
