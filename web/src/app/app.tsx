import type { DehydratedState } from '@tanstack/react-query';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App({ dehydratedState }: { dehydratedState?: DehydratedState | undefined } = {}) {
  return (
    <AppProvider dehydratedState={dehydratedState}>
      <AppRouter />
    </AppProvider>
  );
}
