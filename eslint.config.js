import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import recup from './eslint-rules/import-boundaries.js';

/*
 * Boundaries (ARCHITECTURE.md, STYLE.md "Boundaries in the linter"), enforced by `recup/import-boundaries` on every
 * form of import; platform/import-boundaries.unit.spec.ts proves that each one fires.
 * - Workspaces: shared-events ← infra ← (command-api, projector, query-api), with no exception: shared-events imports
 *   nothing of ours, infra only shared-events, the three services not one another, except that the query API reads
 *   the projector's documents (`*-document.ts`: collection names and document types). This holds for the services'
 *   tests too: a test that runs a service with the projector feeding it lives in platform/, which composes them all.
 * - The web takes from the APIs only their contract modules (`contracts`, `contracts/<area>`), with shared-events, and
 *   from infra one module: `@recup/infra/payments/test-gateway-contract`. It is the contract (pure zod: request,
 *   response, base path) of the built-in test payment gateway, which stands in for Stripe when no Stripe key is set:
 *   features/checkout/api/confirm-test-card.ts posts the card to it as Stripe.js would post it to Stripe. The gateway
 *   is a payment adapter of infra (its routes are mounted by the command API, but belong to no API's contracts), so
 *   its contract lives beside it, and the browser's side of it is that module and nothing else of infra.
 * - Web features (bulletproof-react's restricted zones): a feature imports components/, lib/ and its own files, never
 *   another feature; code flows shared (components, lib, theme, locales) → features → app. Their tests and the test
 *   helpers (web/src/testing) hold to it too, except that they may take from app/ the modules that render the whole
 *   app (app/router, app/provider, app/layout/root-layout) to test a screen as the app shows it; the tests' setup also
 *   starts the app's i18n (app/i18n, app/i18n-resources). A test's texts come from the locales their owner keeps.
 */
const root = path.dirname(fileURLToPath(import.meta.url));
const workspaces = ['shared-events', 'infra', 'command-api', 'projector', 'query-api', 'web'];
const ours = (workspace) => `^@recup/${workspace}(/|$)`;
const PROJECTOR_DOCUMENTS = '^@recup/projector/([\\w-]+/)*[\\w-]+-document$';
const API_CONTRACTS = '^@recup/(command-api|query-api)/contracts(/[\\w-]+)?$';
const DIRECTION = 'imports flow shared-events ← infra ← (command-api, projector, query-api), and a service never imports another; see ARCHITECTURE.md.';

const boundaries = (allow, message, zones = []) => ({
  'recup/import-boundaries': ['error', { root, workspaces, packages: { allow, message }, zones }],
});

const featureZones = [{ isolate: 'web/src/features', message: 'a feature never imports another feature: compose them in app/, or move the shared piece to lib/ or components/.' }];
const directionZones = [
  { target: ['web/src/components', 'web/src/lib', 'web/src/theme', 'web/src/locales'], from: ['web/src/features', 'web/src/app'], message: 'shared code (components, lib, theme, locales) never imports a feature or the app: code flows shared → features → app.' },
  { target: ['web/src/features'], from: ['web/src/app'], message: 'a feature never imports the app: code flows shared → features → app.' },
];
/**
 * What a test takes from the app: only the modules that render it whole, to test a screen inside the real router,
 * providers or layout. Anything else of the app (its assembled texts, its routes) comes from the shared code or the
 * feature that owns it. Test helpers (web/src/testing) hold to the same, and never import a feature.
 */
const APP_RENDERERS = ['web/src/app/router', 'web/src/app/provider', 'web/src/app/layout/root-layout'];
const testDirectionZones = (appModules) => {
  const allowed = `from the app only what renders it whole (${appModules.map((module) => module.replace('web/src/', '')).join(', ')})`;
  return [
    { target: ['web/src/components', 'web/src/lib', 'web/src/theme', 'web/src/locales', 'web/src/testing'], from: ['web/src/features', 'web/src/app'], except: appModules, message: `a test of shared code, or a test helper, never imports a feature, and takes ${allowed}: code flows shared → features → app.` },
    { target: ['web/src/features'], from: ['web/src/app'], except: appModules, message: `a feature's test takes ${allowed}, nothing else of the app: texts come from the feature's and the shared components' locales.` },
  ];
};
const webAllowed = [ours('shared-events'), API_CONTRACTS, '^@recup/infra/payments/test-gateway-contract$'];
const WEB_MESSAGE = 'the web imports from the APIs only their contract modules (@recup/command-api/contracts[/<area>], @recup/query-api/contracts[/<area>]) and shared-events, with the contract of the test payment gateway (@recup/infra/payments/test-gateway-contract), never server code.';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { recup },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['shared-events/**'], rules: boundaries([ours('shared-events')], `shared-events imports nothing of ours: ${DIRECTION}`) },
  { files: ['infra/**'], rules: boundaries([ours('infra'), ours('shared-events')], `infra imports only shared-events: ${DIRECTION}`) },
  { files: ['command-api/**'], rules: boundaries([ours('command-api'), ours('infra'), ours('shared-events')], `command-api imports only infra and shared-events: ${DIRECTION}`) },
  { files: ['projector/**'], rules: boundaries([ours('projector'), ours('infra'), ours('shared-events')], `projector imports only infra and shared-events: ${DIRECTION}`) },
  {
    files: ['query-api/**'],
    rules: boundaries([ours('query-api'), ours('infra'), ours('shared-events'), PROJECTOR_DOCUMENTS], `query-api imports only infra, shared-events and the projector's *-document modules: ${DIRECTION}`),
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundaries(webAllowed, WEB_MESSAGE, [...featureZones, ...directionZones]),
    },
  },
  // The pages' script loader, served as written (web/public): a browser's script.
  { files: ['web/public/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  {
    // A test may render the whole app around what it tests; it still never reaches into another feature, nor into
    // the rest of the app.
    files: ['web/**/*.spec.{ts,tsx}', 'web/src/testing/**'],
    rules: boundaries(webAllowed, WEB_MESSAGE, [...featureZones, ...testDirectionZones(APP_RENDERERS)]),
  },
  {
    // The tests' main.tsx: it starts the app's i18n with every shell text loaded, as main.tsx does before rendering.
    files: ['web/src/testing/setup-tests.ts'],
    rules: boundaries(webAllowed, WEB_MESSAGE, [...featureZones, ...testDirectionZones([...APP_RENDERERS, 'web/src/app/i18n', 'web/src/app/i18n-resources'])]),
  },
);
