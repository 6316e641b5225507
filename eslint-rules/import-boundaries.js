import path from 'node:path';

/**
 * `recup/import-boundaries`: which modules a file may import, read from every way a module is named — `import`,
 * `export … from`, `import()`, a type's `import('…')`, `import x = require('…')` and `vi.mock('…')` — so that no form
 * slips past (core `no-restricted-imports` sees neither `import()` nor `vi.mock`).
 *
 * Options (paths relative to the repository root):
 * - `workspaces`: the workspace folders; a relative import that reaches into `<workspace>/src/<p>` is judged as
 *   `@recup/<workspace>/<p>`, so a `../../projector/src/x` cannot go around the package rules.
 * - `packages`: `{ allow: [regex…], message }`: every `@recup/…` specifier must match one of `allow`.
 * - `zones` (bulletproof-react's restricted zones, on resolved relative paths):
 *   `{ target: [dir…], from: [dir…], except: [module…], message }`: a file under a target may not import a module
 *   under a from, unless it is one of `except` (a module path without its extension, or a folder);
 *   `{ isolate: dir, message }`: a file under `dir/X` may not import `dir/Y` for any other `Y`.
 */

const within = (file, dir) => file === dir || file.startsWith(dir + path.sep);
const withoutExtension = (file) => file.replace(/\.(ts|tsx|js|mjs)$/, '');

export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports flow one way: shared-events ← infra ← services; the web takes contracts; features stay apart.' },
    schema: [{
      type: 'object',
      additionalProperties: false,
      properties: {
        root: { type: 'string' },
        workspaces: { type: 'array', items: { type: 'string' } },
        packages: { type: 'object', properties: { allow: { type: 'array', items: { type: 'string' } }, message: { type: 'string' } }, required: ['allow', 'message'] },
        zones: { type: 'array', items: { type: 'object' } },
      },
    }],
  },
  create(context) {
    const options = context.options[0] ?? {};
    const root = options.root ?? context.cwd;
    const file = path.resolve(context.filename);
    const abs = (dir) => path.resolve(root, dir);
    const allow = (options.packages?.allow ?? []).map((source) => new RegExp(source));
    const workspaces = options.workspaces ?? [];
    const zones = (options.zones ?? []).map((zone) => ({
      ...zone,
      target: zone.target?.map(abs),
      from: zone.from?.map(abs),
      except: (zone.except ?? []).map(abs),
      isolate: zone.isolate === undefined ? undefined : abs(zone.isolate),
    }));

    /** `@recup/<workspace>/<p>` for a resolved path inside a workspace's `src`, else undefined. */
    function asPackage(resolved) {
      for (const workspace of workspaces) {
        const src = abs(`${workspace}/src`);
        if (within(resolved, src)) {
          const rest = path.relative(src, resolved).split(path.sep).join('/').replace(/\.(ts|tsx|js|mjs)$/, '');
          return rest === '' || rest === 'index' ? `@recup/${workspace}` : `@recup/${workspace}/${rest}`;
        }
      }
      return undefined;
    }

    function zoneBroken(resolved) {
      for (const zone of zones) {
        if (zone.isolate !== undefined) {
          if (!within(file, zone.isolate) || !within(resolved, zone.isolate)) continue;
          const own = path.relative(zone.isolate, file).split(path.sep)[0];
          const other = path.relative(zone.isolate, resolved).split(path.sep)[0];
          if (own !== other) return zone.message;
        } else if (zone.target.some((dir) => within(file, dir)) && zone.from.some((dir) => within(resolved, dir))
          && !zone.except.some((module) => within(withoutExtension(resolved), module))) {
          return zone.message;
        }
      }
      return undefined;
    }

    function check(node, source) {
      if (typeof source !== 'string') return;
      let specifier = source;
      if (source.startsWith('.')) {
        const resolved = path.resolve(path.dirname(file), source);
        const message = zoneBroken(resolved);
        if (message) {
          context.report({ node, message: `'${source}': ${message}` });
          return;
        }
        const own = asPackage(file);
        const target = asPackage(resolved);
        // Inside one workspace relative imports are the rule; across workspaces they are package imports in disguise.
        if (target === undefined || (own !== undefined && own.split('/')[1] === target.split('/')[1])) return;
        specifier = target;
      }
      if (!specifier.startsWith('@recup/')) return;
      if (options.packages && !allow.some((pattern) => pattern.test(specifier))) {
        context.report({ node, message: `'${source}': ${options.packages.message}` });
      }
    }

    const literal = (node) => (node && node.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined);
    const mocks = new Set(['mock', 'doMock', 'unmock', 'importActual', 'importMock']);
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ImportExpression: (node) => check(node.source, literal(node.source)),
      TSImportType: (node) => {
        const source = node.source ?? node.argument?.literal ?? node.argument;
        check(node, literal(source));
      },
      TSExternalModuleReference: (node) => check(node.expression, literal(node.expression)),
      CallExpression: (node) => {
        const callee = node.callee;
        if (callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'vi'
          && callee.property.type === 'Identifier' && mocks.has(callee.property.name)) {
          check(node.arguments[0], literal(node.arguments[0]));
        }
      },
    };
  },
};

export default { rules: { 'import-boundaries': importBoundaries } };
