import { useState } from 'react';

/**
 * True from the first render where `flag` is, for good: a dialog or menu whose code loads on demand is mounted
 * when first opened and stays mounted, so that it can play its closing transition and keep its state.
 */
export function useEver(flag: boolean): boolean {
  const [seen, setSeen] = useState(flag);
  if (flag && !seen) setSeen(true);
  return seen || flag;
}
