/** `null` stands for an ellipsis. */
type PageItem = number | null;

/**
 * The page buttons to show: the first two pages, the last two, and the current page with its neighbours;
 * an ellipsis stands wherever pages are skipped.
 */
export function pageItems(current: number, total: number): PageItem[] {
  if (total <= 0) return [];
  const page = Math.min(Math.max(current, 1), total);
  const shown = new Set<number>([1, 2, total - 1, total, page - 1, page, page + 1].filter((n) => n >= 1 && n <= total));
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const n of sorted) {
    if (n - previous > 1) items.push(null);
    items.push(n);
    previous = n;
  }
  return items;
}
