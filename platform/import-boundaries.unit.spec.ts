import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The boundaries of ARCHITECTURE.md hold because `npm run lint` fails when one is crossed: this lints sample sources
 * with the repository's own eslint.config.js, so that a rule cannot vanish (or stop seeing a form of import) unnoticed.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The boundary errors ESLint reports for `code` as if it were the file at `file` (relative to the repository). */
async function crossings(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${file}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'recup/import-boundaries').map((message) => message.message);
}

const importing = (source: string) => `import { thing } from '${source}';\nexport const used = thing;\n`;

describe('import boundaries (eslint.config.js)', () => {
  describe('shared-events ← infra ← (command-api, projector, query-api), with no exception', () => {
    it.each([
      ['shared-events/src/sample.ts', '@recup/infra/clock', 'shared-events imports nothing of ours'],
      ['infra/src/sample.ts', '@recup/command-api/app', 'infra imports only shared-events'],
      ['infra/src/sample.ts', '@recup/projector', 'infra imports only shared-events'],
      ['command-api/src/sample.ts', '@recup/projector/courses/course-document', 'command-api imports only infra and shared-events'],
      ['command-api/src/sample.ts', '@recup/query-api/contracts', 'command-api imports only infra and shared-events'],
      ['projector/src/sample.ts', '@recup/query-api/app', 'projector imports only infra and shared-events'],
      ['projector/src/sample.ts', '@recup/command-api/courses/course-decider', 'projector imports only infra and shared-events'],
      ['query-api/src/sample.ts', '@recup/command-api/contracts', "query-api imports only infra, shared-events and the projector's *-document modules"],
    ])('%s may not import %s', async (file, source, message) => {
      expect(await crossings(file, importing(source))).toEqual([expect.stringContaining(message)]);
    });

    it.each([
      ['infra/src/sample.ts', '@recup/shared-events/calendar/paris'],
      ['command-api/src/sample.ts', '@recup/infra/clock'],
      ['projector/src/sample.ts', '@recup/shared-events'],
      ['query-api/src/sample.ts', '@recup/infra/http/sessions'],
    ])('%s may import %s', async (file, source) => {
      expect(await crossings(file, importing(source))).toEqual([]);
    });

    it('sees a relative import that reaches into another workspace as that workspace’s package', async () => {
      expect(await crossings('query-api/src/admin/sample.ts', importing('../../../command-api/src/courses/course-decider'))).toEqual([
        expect.stringContaining("query-api imports only infra, shared-events and the projector's *-document modules"),
      ]);
    });
  });

  describe('the query API reads only the projector’s documents', () => {
    it('refuses the projection code', async () => {
      expect(await crossings('query-api/src/admin/sample.ts', importing('@recup/projector/admin-stats/admin-stats-projection'))).toEqual([
        expect.stringContaining("the projector's *-document modules"),
      ]);
      expect(await crossings('query-api/src/admin/sample.ts', importing('@recup/projector'))).toHaveLength(1);
    });

    it('takes a *-document module', async () => {
      expect(await crossings('query-api/src/admin/sample.ts', importing('@recup/projector/admin-stats/admin-stats-document'))).toEqual([]);
    });

    it('holds for its tests and their helpers too: a test that runs the projector lives in platform/', async () => {
      const message = "query-api imports only infra, shared-events and the projector's *-document modules";
      expect(await crossings('query-api/src/courses/sample.int.spec.ts', importing('@recup/projector'))).toEqual([expect.stringContaining(message)]);
      expect(await crossings('query-api/src/courses/sample.unit.spec.ts', importing('@recup/projector'))).toEqual([expect.stringContaining(message)]);
      expect(await crossings('query-api/src/testing/sample.ts', importing('@recup/projector'))).toEqual([expect.stringContaining(message)]);
      expect(await crossings('query-api/src/courses/sample.int.spec.ts', importing('@recup/projector/courses/course-projection'))).toEqual([expect.stringContaining(message)]);
      expect(await crossings('query-api/src/courses/sample.int.spec.ts', importing('@recup/projector/courses/course-document'))).toEqual([]);
    });

    it('lets platform/ compose the services, the projector included', async () => {
      expect(await crossings('platform/query-reads/sample.int.spec.ts', importing('@recup/projector'))).toEqual([]);
      expect(await crossings('platform/query-reads/sample.int.spec.ts', importing('@recup/query-api/app'))).toEqual([]);
    });
  });

  describe('the web takes from the APIs their contract modules only', () => {
    it.each([
      '@recup/command-api/contracts',
      '@recup/command-api/contracts/courses',
      '@recup/query-api/contracts',
      '@recup/query-api/contracts/admin',
      '@recup/shared-events/bookings/learner-case',
      '@recup/infra/payments/test-gateway-contract',
    ])('may import %s', async (source) => {
      expect(await crossings('web/src/features/checkout/api/sample.ts', importing(source))).toEqual([]);
    });

    it.each([
      '@recup/command-api',
      '@recup/command-api/courses/course-decider',
      '@recup/query-api/app',
      '@recup/query-api/contracts/admin/deeper',
      '@recup/projector/courses/course-document',
      '@recup/infra/clock',
      '@recup/infra/payments/embedded-test-gateway',
      '@recup/infra/payments/test-gateway-routes',
    ])('may not import %s', async (source) => {
      expect(await crossings('web/src/features/checkout/api/sample.ts', importing(source))).toEqual([expect.stringContaining('the web imports from the APIs only their contract modules')]);
    });

    it('sees every form of import: re-export, import(), a type’s import(), vi.mock', async () => {
      const file = 'web/src/lib/sample.ts';
      const code = [
        "export * from '@recup/command-api/app';",
        "export const load = () => import('@recup/query-api/app');",
        "export type App = typeof import('@recup/command-api/app');",
        "import { vi } from 'vitest';",
        "vi.mock('@recup/infra/clock');",
      ].join('\n');
      expect(await crossings(file, code)).toHaveLength(4);
    });
  });

  describe('web features stay apart, and code flows shared → features → app', () => {
    it('refuses another feature’s internals, in code as in tests', async () => {
      const message = 'a feature never imports another feature';
      expect(await crossings('web/src/features/checkout/components/sample.tsx', importing('../../auth/api/login'))).toEqual([expect.stringContaining(message)]);
      expect(await crossings('web/src/features/checkout/components/sample.int.spec.tsx', importing('../../auth/components/login-form'))).toEqual([expect.stringContaining(message)]);
      expect(await crossings('web/src/features/checkout/components/sample.int.spec.tsx', "import { vi } from 'vitest';\nvi.mock('../../auth/api/login');\n")).toEqual([expect.stringContaining(message)]);
      expect(await crossings('web/src/features/checkout/sample.ts', "export const page = () => import('../auth/components/login-form');\n")).toEqual([expect.stringContaining(message)]);
    });

    it('lets a feature import its own files, components/ and lib/', async () => {
      const file = 'web/src/features/checkout/components/sample.tsx';
      expect(await crossings(file, importing('../api/confirm-test-card'))).toEqual([]);
      expect(await crossings(file, importing('./checkout-page'))).toEqual([]);
      expect(await crossings(file, importing('../../../lib/current-user'))).toEqual([]);
      expect(await crossings(file, importing('../../../components/layout/page-container'))).toEqual([]);
    });

    it('keeps shared code from importing features or the app, and features from importing the app', async () => {
      expect(await crossings('web/src/lib/sample.ts', importing('../features/auth/api/login'))).toEqual([expect.stringContaining('shared code (components, lib, theme, locales) never imports a feature or the app')]);
      expect(await crossings('web/src/components/ui/sample.tsx', importing('../../app/router'))).toEqual([expect.stringContaining('shared code (components, lib, theme, locales) never imports a feature or the app')]);
      expect(await crossings('web/src/features/checkout/components/sample.tsx', importing('../../../app/router'))).toEqual([expect.stringContaining('a feature never imports the app')]);
    });

    it('lets a test render the whole app around its feature', async () => {
      expect(await crossings('web/src/features/checkout/components/sample.int.spec.tsx', importing('../../../app/router'))).toEqual([]);
    });

    it('lets a test, or a test helper, take from the app what renders it whole: app/router, app/provider, app/layout/root-layout', async () => {
      const spec = 'web/src/features/checkout/components/sample.int.spec.tsx';
      expect(await crossings(spec, importing('../../../app/provider'))).toEqual([]);
      expect(await crossings(spec, importing('../../../app/layout/root-layout'))).toEqual([]);
      expect(await crossings('web/src/components/ui/sample.int.spec.tsx', importing('../../app/layout/root-layout'))).toEqual([]);
      expect(await crossings('web/src/testing/sample.tsx', importing('../app/provider'))).toEqual([]);
    });

    it('refuses a test anything else of the app: its texts come from the feature’s and the shared components’ locales', async () => {
      const featureTest = "a feature's test takes from the app only what renders it whole";
      expect(await crossings('web/src/features/admin-bookings/components/sample.unit.spec.ts', importing('../../../app/routes/admin/locales/resources'))).toEqual([expect.stringContaining(featureTest)]);
      expect(await crossings('web/src/features/organization-attendance/components/sample.int.spec.tsx', importing('../../../app/routes/organization/locales/resources'))).toEqual([expect.stringContaining(featureTest)]);
      expect(await crossings('web/src/features/checkout/components/sample.int.spec.tsx', "import { vi } from 'vitest';\nvi.mock('../../../app/i18n');\n")).toEqual([expect.stringContaining(featureTest)]);
      const sharedTest = 'a test of shared code, or a test helper, never imports a feature';
      expect(await crossings('web/src/components/admin/history/sample.unit.spec.ts', importing('../../../app/routes/admin/locales/resources'))).toEqual([expect.stringContaining(sharedTest)]);
      expect(await crossings('web/src/components/ui/sample.int.spec.tsx', importing('../../features/auth/components/login-form'))).toEqual([expect.stringContaining(sharedTest)]);
      expect(await crossings('web/src/testing/sample.ts', importing('../app/routes/organization/locales/resources'))).toEqual([expect.stringContaining(sharedTest)]);
      expect(await crossings('web/src/testing/sample.ts', importing('../app/i18n'))).toEqual([expect.stringContaining(sharedTest)]);
    });

    it('lets the tests’ setup start the app’s i18n with every text, as main.tsx does', async () => {
      expect(await crossings('web/src/testing/setup-tests.ts', importing('../app/i18n'))).toEqual([]);
      expect(await crossings('web/src/testing/setup-tests.ts', importing('../app/i18n-resources'))).toEqual([]);
      expect(await crossings('web/src/testing/setup-tests.ts', importing('../app/routes/admin/locales/resources'))).toHaveLength(1);
    });

    it('lets the app compose the features', async () => {
      expect(await crossings('web/src/app/routes/sample.tsx', importing('../../features/checkout/components/checkout-page'))).toEqual([]);
    });
  });
});
