/**
 * zod compiles an object schema's parser with `new Function` when the page allows it, and finds that out by trying
 * once: the Content-Security-Policy (no 'unsafe-eval') refuses it, and the browser reports a violation on every page
 * that builds an object schema (a course page does). Its parsers run as well without (zod's documented `jitless`
 * option), which must be set before any schema is built: main.tsx imports this module first. It writes zod's global
 * configuration object, the one `z.config()` fills and reads, without loading zod into the entry.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(scope.__zod_globalConfig ??= {}).jitless = true;

export {};
