import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Imports flow one way: shared-events ← infra ← (command-api, projector, query-api); web takes only contracts. */
const forbid = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map((group) => ({ group: [group, `${group}/*`], message: 'Imports flow shared-events ← infra ← services; see ARCHITECTURE.md.' })) }],
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['shared-events/**'], rules: forbid('@recup/infra', '@recup/command-api', '@recup/projector', '@recup/query-api', '@recup/web') },
  { files: ['infra/**'], rules: forbid('@recup/command-api', '@recup/projector', '@recup/query-api', '@recup/web') },
  { files: ['command-api/**'], rules: forbid('@recup/projector', '@recup/query-api', '@recup/web') },
  { files: ['query-api/**'], rules: forbid('@recup/command-api', '@recup/web') },
  { files: ['projector/**'], rules: forbid('@recup/command-api', '@recup/query-api', '@recup/web') },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web app takes types and zod contracts from the services, never their code.
      'no-restricted-imports': ['error', {
        patterns: [{
          group: ['@recup/*', '!@recup/command-api', '!@recup/query-api', '!@recup/infra', '!@recup/shared-events'],
          message: 'web imports only contracts',
        }],
        paths: [
          { name: '@recup/command-api', message: 'Import @recup/command-api/contracts only.' },
          { name: '@recup/query-api', message: 'Import @recup/query-api/contracts only.' },
          { name: '@recup/infra', message: 'Import @recup/infra/payments/test-gateway-contract only.' },
        ],
      }],
    },
  },
);
