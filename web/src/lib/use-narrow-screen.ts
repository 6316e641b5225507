import { startTransition, useEffect, useState } from 'react';

/** MUI's "below md" (`theme.breakpoints.down('md')`), without its `@media`: a phone, or a narrow window. */
export const NARROW_SCREEN_QUERY = '(max-width:899.95px)';

/** While React takes over a page written on the server (main.tsx removes the mark once it has). */
function takingOverServerPage(): boolean {
  return typeof document === 'undefined' || document.getElementById('root')?.hasAttribute('data-ssr') === true;
}

function narrowNow(): boolean {
  return globalThis.matchMedia?.(NARROW_SCREEN_QUERY).matches ?? false;
}

/**
 * Whether the screen is below MUI's md breakpoint, for what CSS cannot decide alone (which component to mount).
 * The server writes the wide layout; while React takes that page over, this answers as the server did, then the
 * screen's own answer follows as a transition. MUI's useMediaQuery would answer through useSyncExternalStore, whose
 * change after hydration is a synchronous update: React would then hydrate the rest of the page at once, holding a
 * phone's main thread for hundreds of milliseconds. Anywhere else (a page the browser renders itself) the first
 * render already has the screen's answer.
 */
export function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(() => !takingOverServerPage() && narrowNow());
  useEffect(() => {
    const query = globalThis.matchMedia?.(NARROW_SCREEN_QUERY);
    if (!query) return undefined;
    const update = () => {
      startTransition(() => setNarrow(query.matches));
    };
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return narrow;
}
