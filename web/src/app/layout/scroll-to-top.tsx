import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** A new page starts at its top; a change of hash or query on the same page (tabs, filters) does not jump. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
