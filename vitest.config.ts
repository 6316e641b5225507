import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const serverWorkspaces = '{shared-events,infra,command-api,projector,query-api}';

export default defineConfig({
  test: {
    // At least two test files at a time: Vitest's default (one fewer than the cores) ran them one by one on a machine
    // of two cores; two took 6.6 instead of 8.1 minutes there. Every limit below catches a hang, not a slow machine.
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
