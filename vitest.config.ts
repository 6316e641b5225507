import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const serverWorkspaces = '{shared-events,infra,command-api,projector,query-api}';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: [`${serverWorkspaces}/src/**/*.{unit,int}.spec.ts`, 'platform/**/*.{unit,int}.spec.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: './web',
          environment: 'jsdom',
          include: ['src/**/*.{unit,int}.spec.{ts,tsx}'],
          setupFiles: ['./src/testing/setup-tests.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
