import { useEffect, useRef, useState } from 'react';

/** How long typing pauses before the list follows it. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box that filters as the person types: what is typed shows at once, and the list's search (kept in
 * the address) follows once typing pauses. A search changed elsewhere (a reset, Back) shows in the box; the
 * list catching up with what was typed never overwrites what has been typed since.
 */
export function useSearchAsYouType(search: string, onSearch: (text: string) => void, delay = SEARCH_DEBOUNCE_MS) {
  const [text, setText] = useState(search);
  // The search as this box last sent it, and as the list last gave it.
  const [sent, setSent] = useState(search);
  const [seen, setSeen] = useState(search);
  if (search !== seen) {
    setSeen(search);
    if (search !== sent) {
      setSent(search);
      setText(search);
    }
  }

  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  }, [onSearch]);

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === sent) return undefined;
    const timer = setTimeout(() => {
      setSent(wanted);
      latest.current(wanted);
    }, delay);
    return () => clearTimeout(timer);
  }, [text, sent, delay]);

  /** Sends what is typed now (Enter, the search button). */
  const flush = () => {
    const wanted = text.trim();
    setSent(wanted);
    latest.current(wanted);
  };
  return { text, setText, flush };
}
