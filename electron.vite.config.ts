import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { builtInClientIdDefine } from './scripts/built-in-client-id';

const root = import.meta.dirname;

export default defineConfig({
  main: {
    // The OAuth app client id of a published build (COMPANION_BUILD_GITHUB_CLIENT_ID; docs/building-and-publishing.md).
    define: builtInClientIdDefine(process.env),
    build: {
      externalizeDeps: true,
      outDir: 'out/main',
      rollupOptions: {
        // Two entries share chunks: the Electron main process and the plain-Node CLI.
        input: {
          index: resolve(root, 'main/electron/index.ts'),
          cli: resolve(root, 'main/cli/companion.ts'),
        },
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can require only 'electron': bundle everything else into it.
      externalizeDeps: false,
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(root, 'preload/index.ts') },
        // A sandboxed preload must be CommonJS.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    plugins: [react()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      rollupOptions: { input: { index: resolve(root, 'renderer/index.html') } },
    },
  },
});
