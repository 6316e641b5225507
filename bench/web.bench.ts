import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, constants } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import Fastify from 'fastify';
import lighthouse from 'lighthouse';
import { startBenchPlatform } from './support/platform';
import { fmt, log, report } from './support/report';

/**
 * The web app as a learner's phone gets it, from the build (`web/dist`) served by the embedded platform
 * with its 66 demo courses:
 * - the JavaScript each public page needs before its first paint, gzipped, from Vite's own manifest: the
 *   entry chunk and everything it imports statically, plus the page's lazy chunk and its static imports
 *   when the page loads on demand (dynamic imports a page may make later are not counted);
 * - Lighthouse (mobile preset: a mid-range phone on a slow 4G, simulated) in Debian's Chromium: performance,
 *   accessibility, best practices and SEO. Its baseline is a page of plain HTML served by a bare Fastify
 *   server in the same run: what this machine's load lets Lighthouse give a page that costs nothing.
 */
const root = process.cwd();
const webDist = join(root, 'web', 'dist');
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
const manifest = JSON.parse(readFileSync(join(webDist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/** The module that renders each page (router.tsx): when it is a lazy chunk, its closure is added to the entry's. */
const PAGES = [
  { path: '/', label: '/', modules: ['src/app/routes/home.tsx'] },
  { path: '/courses', label: '/courses', modules: ['src/features/courses/components/course-search-page.tsx', 'src/app/routes/courses.tsx'] },
  { path: '/courses/{id}', label: '/courses/{id}', modules: ['src/app/routes/course-detail.tsx'] },
];

function staticClosure(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build's manifest`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, into);
  return into;
}

const gzipped = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(webDist, file)), { level: constants.Z_BEST_COMPRESSION }).length;
    gzipped.set(file, size);
  }
  return size;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
if (!entryKey) throw new Error('the manifest has no entry');
for (const page of PAGES) {
  const keys = staticClosure(entryKey);
  const lazy = page.modules.filter((module) => manifest[module]?.isDynamicEntry);
  for (const module of lazy) staticClosure(module, keys);
  const files = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  const bytes = files.reduce((sum, file) => sum + gzipSize(file), 0);
  log(`  ${page.label}: ${files.length} JavaScript files before the first paint, ${fmt(bytes / 1024, 1)} KiB gzipped${lazy.length ? ` (page chunk ${lazy.join(', ')})` : ''}`);
  report({
    key: `web.initialJs.${page.label}`, label: `initial JavaScript of ${page.label}, gzipped (${files.length} files)`, value: bytes / 1024, unit: 'KiB',
    baseline: { label: 'goal', value: 100 },
    ...(page.path === '/courses/{id}' ? {} : { goal: { on: 'value' as const, max: 100, text: '≤ 100 KiB' } }),
  });
}

// Lighthouse, against the built app served by the platform, and against a page that costs nothing.
const platform = await startBenchPlatform({ webDist, seed: true });
const bare = Fastify({ logger: false });
bare.get('/', (_request, reply) => reply.type('text/html; charset=utf-8').send(
  '<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
  + '<meta name="description" content="Récup\'Points : trouvez, réservez et payez votre stage de récupération de points."><title>Récup\'Points</title></head>'
  + '<body><main><h1>Récup\'Points</h1><p>Stages de récupération de points en Provence-Alpes-Côte d\'Azur.</p></main></body></html>',
));
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  const bareOrigin = await bare.listen({ port: 0, host: '127.0.0.1' });
  const courses = (await (await fetch(`${platform.origin}/api/courses/search`)).json()) as { id: string }[];
  if (courses.length === 0) throw new Error('no demo course to open');
  const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

  const audit = async (url: string) => {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      runs.push(result.lhr);
    }
    // The median run by performance score.
    runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const lhr = runs[Math.floor(runs.length / 2)]!;
    const score = (category: (typeof categories)[number]) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
    const scripts = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items?.filter((item) => item.resourceType === 'Script') ?? [];
    const scriptKiB = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024;
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return { score, lcpMs: numeric('largest-contentful-paint'), tbtMs: numeric('total-blocking-time'), line: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}; ${scripts.length} scripts, ${fmt(scriptKiB, 1)} KiB sent` };
  };

  const limit = await audit(`${bareOrigin}/`);
  log(`  plain HTML page: performance ${limit.score('performance')} (${limit.line})`);
  for (const page of PAGES) {
    const url = `${platform.origin}${page.path.replace('{id}', courses[0]!.id)}`;
    const result = await audit(url);
    log(`  ${page.label}: performance ${result.score('performance')}, accessibility ${result.score('accessibility')}, best practices ${result.score('best-practices')}, SEO ${result.score('seo')} (${result.line})`);
    for (const category of categories) {
      report({
        key: `web.lighthouse.${category}.${page.label}`, label: `Lighthouse mobile ${category} of ${page.label}`, value: result.score(category), unit: '/100',
        baseline: { label: 'plain HTML page', value: limit.score(category) },
        ...(category === 'performance' ? { goal: { on: 'value' as const, min: 95, text: '≥ 95' } } : {}),
      });
    }
    report({
      key: `web.lighthouse.lcp.${page.label}`, label: `Lighthouse mobile largest contentful paint of ${page.label} (simulated slow 4G)`, value: result.lcpMs / 1000, unit: 's',
      baseline: { label: 'plain HTML page', value: limit.lcpMs / 1000 },
      goal: { on: 'value' as const, max: 2, text: '≤ 2.0 s' },
    });
    report({
      key: `web.lighthouse.tbt.${page.label}`, label: `Lighthouse mobile total blocking time of ${page.label} (4× slower CPU)`, value: result.tbtMs, unit: 'ms',
      baseline: { label: 'plain HTML page', value: limit.tbtMs },
      goal: { on: 'value' as const, max: 150, text: '≤ 150 ms' },
    });
  }
} finally {
  await chrome.kill();
  await bare.close();
  await platform.close();
}
