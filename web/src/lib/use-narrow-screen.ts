import { startTransition, useEffect, useState } from 'react';

/** MUI's "below md" (`theme.breakpoints.down('md')`), without its `@media`: a phone, or a narrow window. */
export const NARROW_SCREEN_QUERY = '(max-width:899.95px)';

/**
 * Whether the screen is below MUI's md breakpoint, for what CSS cannot decide alone (which component to mount; what
 * shows is left to CSS). The first render answers as the server wrote the page, wide; the screen's own answer
 * follows as a transition. MUI's useMediaQuery answers through useSyncExternalStore, whose change after hydration is
 * a synchronous update: React would then hydrate the rest of the page at once, holding a phone's main thread for
 * hundreds of milliseconds. (A page's lazy parts hydrate after the shell, so no mark on the document can tell a
 * component whether it is being hydrated: every first render answers "wide".)
 */
export function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(false);
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
