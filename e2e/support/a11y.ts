/// <reference lib="dom" />
// Functions given to page.evaluate run in the browser.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

type Results = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violations = Results['violations'];

const require = createRequire(import.meta.url);

/**
 * The engine the checks run: the project's own axe-core (the root package, kept current), not the older one bundled in
 * `@axe-core/playwright`, whose rules lag behind (4.13 left `label-content-name-mismatch` experimental and off). The
 * runner stays at 4.13: 4.14 requires Node 22, and the runner only injects whichever engine it is given.
 */
export const AXE_VERSION = (require('axe-core/package.json') as { version: string }).version;
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Rules run on top of the WCAG tags, whatever their tags say in the engine's version: WCAG 2.5.3 Label in Name (a
 * control's accessible name contains its visible text), which older engines tag experimental.
 */
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
/**
 * The languages and widths each area's axe test walks through. `npm test` walks French on a phone and English on a
 * desktop, and checks every page and dialog at the other width too (`checkA11y` resizes the window and back), so
 * that each of them passes at 360 and 1280 px in both languages on every run, within the CI's time;
 * `npm run test:reliability` (RECUP_RELIABILITY=1) walks all four combinations.
 */
export const AXE_MATRIX: ReadonlyArray<readonly ['fr' | 'en', 360 | 1280]> = process.env.RECUP_RELIABILITY
  ? [['fr', 360], ['fr', 1280], ['en', 360], ['en', 1280]]
  : [['fr', 360], ['en', 1280]];

/** The width each check is repeated at, in the walk `npm test` runs: the phone's for the desktop, the desktop's for the phone. */
const OTHER_WIDTH = process.env.RECUP_RELIABILITY ? null : ({ 360: 1280, 1280: 360 } as Record<number, number>);

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** What is still loading: skeletons and indeterminate progress (a determinate bar is content). */
const BUSY = '.MuiSkeleton-root, .MuiCircularProgress-indeterminate, .MuiLinearProgress-indeterminate';

/** Waits until nothing is loading, no transition runs and the fonts are in: what axe then sees is what a person sees. */
export async function settle(page: Page): Promise<void> {
  await expect(page.locator(BUSY).filter({ visible: true })).toHaveCount(0);
  // Two frames first: a render the last action scheduled has started its transitions by then.
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await page.waitForFunction(() =>
    document.fonts.status === 'loaded' && document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/** Waits for the page's main heading and for it to settle. */
export async function ready(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await settle(page);
}

/** The violations, one block each: rule, impact, help and every failing element's selector and reason. */
export function formatViolations(violations: Violations): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => `    - ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replaceAll('\n', '\n      ')}`)
        .join('\n');
      return `  [${violation.impact ?? 'n/a'}] ${violation.id}: ${violation.help}\n    ${violation.helpUrl}\n${nodes}`;
    })
    .join('\n');
}

/**
 * What the project's axe-core finds on the page against the WCAG 2.2 A/AA rules (and `EXTRA_RULES`): the engine that
 * ran, the rules that passed and failed.
 */
export async function axeResults(page: Page): Promise<Results> {
  // Only the violations are detailed: axe does not gather the elements of every passing rule. One axe.run in the
  // page instead of a run per frame finished in a new blank page: the app has no cross-origin frame (the test
  // payment gateway, not Stripe's, runs here), and that blank page per check made the whole run close to a
  // minute longer.
  return new AxeBuilder({ page, axeSource: AXE_SOURCE }).options({ resultTypes: ['violations'], rules: EXTRA_RULES }).withTags(WCAG_TAGS).setLegacyMode().analyze();
}

/** The page's violations of the WCAG 2.2 A/AA rules. */
export async function axeViolations(page: Page): Promise<Violations> {
  return (await axeResults(page)).violations;
}

/** Records, as a soft failure, every violation on the page under `label`: the test goes on and reports all the pages at the end. */
export async function checkA11y(page: Page, label: string): Promise<void> {
  expect.soft(formatViolations(await axeViolations(page)), `axe WCAG 2.2 A/AA violations on ${label}`).toBe('');
  const viewport = page.viewportSize();
  const other = viewport && OTHER_WIDTH?.[viewport.width];
  if (!viewport || !other) return;
  await page.setViewportSize({ width: other, height: viewport.height });
  try {
    await settle(page);
    expect.soft(formatViolations(await axeViolations(page)), `axe WCAG 2.2 A/AA violations on ${label}, at ${other} px`).toBe('');
    if (other === 360) await checkReflow(page, `${label}, at ${other} px`);
  } finally {
    await page.setViewportSize(viewport);
    await settle(page);
  }
}

/**
 * The element that has the focus shows it: it (or the control wrapping it, such as MUI's outlined input) draws an
 * outline, a box shadow or a focused border.
 */
export async function expectVisibleFocus(page: Page, what: string): Promise<void> {
  const description = await page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'nothing has the focus';
    let element: Element | null = active;
    for (let depth = 0; element && depth < 4; depth += 1, element = element.parentElement) {
      // Only the focused element itself or the control MUI marks as focused around it.
      if (element !== active && !element.matches('.Mui-focusVisible, .Mui-focused')) continue;
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1 && style.outlineColor !== 'rgba(0, 0, 0, 0)';
      const shadow = style.boxShadow !== 'none';
      const fieldset = element.classList.contains('Mui-focused') ? element.querySelector(':scope > fieldset') : null;
      const focusedBorder = fieldset !== null && parseFloat(getComputedStyle(fieldset).borderTopWidth) >= 2;
      if (outline || shadow || focusedBorder) return 'visible';
    }
    return `no focus indicator on ${active.outerHTML.slice(0, 160)}`;
  });
  expect(description, `focus indicator on ${what}`).toBe('visible');
}

/** How the element and the three elements around it draw their edges: what a focus indicator changes. */
function edges(target: Locator): Promise<string> {
  return target.evaluate((start) => {
    const parts: string[] = [];
    let element: Element | null = start;
    for (let depth = 0; element && depth < 4; depth += 1, element = element.parentElement) {
      const style = getComputedStyle(element);
      const fieldset = element.querySelector(':scope > fieldset');
      const border = fieldset ? getComputedStyle(fieldset) : null;
      parts.push([style.outlineStyle, style.outlineWidth, style.outlineColor, style.boxShadow, border?.borderTopWidth, border?.borderTopColor].join(' '));
    }
    return parts.join(' | ');
  });
}

/**
 * Presses Tab until `target` has the focus (at most `max` times), then checks that the focus shows: the
 * element or the control around it draws an outline, a shadow or a border it did not draw before.
 */
export async function tabTo(page: Page, target: Locator, what: string, max = 40): Promise<void> {
  const before = await edges(target);
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) {
      await expect.poll(() => edges(target), { message: `a visible focus indicator on ${what}` }).not.toBe(before);
      await expectVisibleFocus(page, what);
      return;
    }
  }
  throw new Error(`${what} was not reached within ${max} presses of Tab`);
}

/** WCAG 1.4.10 Reflow, which axe does not check: nothing makes the page scroll sideways. */
export async function checkReflow(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return '';
    const wide = [...document.querySelectorAll('body *')].filter((element) => element.getBoundingClientRect().right > width + 1);
    return `the page is ${document.documentElement.scrollWidth} px wide for ${width} px; beyond: ${wide.slice(-3).map((element) => element.outerHTML.slice(0, 120)).join(' | ')}`;
  });
  expect.soft(overflow, `horizontal scrolling on ${label}`).toBe('');
}
