import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { apiProxy } from './dev-proxy.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [react()],
  // `vite build --ssr src/entry-server.tsx` (scripts/build.mjs): the server rendering of the public pages, for Node, into
  // dist-ssr/ (never served as a file). Our workspaces are bundled from source; installed packages load from node_modules.
  ...(isSsrBuild ? { ssr: { noExternal: [/^@recup\//] } } : {}),
  build: isSsrBuild ? { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false, rolldownOptions: { output: { entryFileNames: 'entry-server.mjs' } } } : {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each page loads (`npm run bench` weighs the first paint's JavaScript with it).
    manifest: true,
    // index.html names the entry's chunks (modulepreload) for the pages the browser renders itself; a lazy page's own
    // chunks are left to the browser's module loader. Vite's helper would add a <link rel="modulepreload"> per chunk
    // from script, and each such link costs the main thread 1–1.5 ms (6 on a slow phone): some 60 of them as React
    // takes over a course page.
    modulePreload: { resolveDependencies: (_file, dependencies, { hostType }) => (hostType === 'html' ? dependencies : []) },
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks cache across releases. MUI is left to the automatic split, so the parts only the
        // date pickers use stay in their lazy chunk, as do the checkout and the staff areas.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            // use-sync-external-store's with-selector serves the administrators' data grid only: left to the automatic split.
            { name: 'data', test: /node_modules[\\/](@tanstack|i18next|react-i18next|use-sync-external-store)[\\/](?!.*with-selector)/ },
            { name: 'shell', test: /node_modules/, tags: ['$initial'] },
          ],
        },
      },
    },
  },
  // `/api` goes to a running `npm start`; the dev server's own pages write there under the platform's origin.
  server: {
    proxy: {
      '/api': apiProxy('http://127.0.0.1:3000'),
    },
  },
  preview: {
    proxy: {
      '/api': apiProxy('http://127.0.0.1:3000'),
    },
  },
}));
