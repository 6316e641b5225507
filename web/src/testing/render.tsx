import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProvider } from '../app/provider';

/**
 * Renders with every app provider inside a memory router. `element` answers at `path`; any other address renders
 * an empty page, so a test can see where the screen navigated through `router.state.location`.
 */
export function renderWithProviders(element: ReactElement, { path = '/', route = path }: { path?: string; route?: string } = {}) {
  return renderRoutes([{ path, element }, { path: '*', element: <p>elsewhere</p> }], route);
}

/** `strict` renders inside StrictMode, as `main.tsx` does, for screens whose effects must survive running twice. */
export function renderRoutes(routes: RouteObject[], route = '/', { strict = false }: { strict?: boolean } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
    { reactStrictMode: strict },
  );
  return { ...view, router };
}
