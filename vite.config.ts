import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: 'client',
  plugins: [react()],
  // The voice detector's worker is a module worker: onnxruntime loads its wasm glue with a
  // dynamic import there, which the default (iife) worker format cannot split.
  worker: { format: 'es' },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // zod with the module that configures it, in one chunk. Schemas are built as their
            // modules load, and zod must be configured before the first one (lib/zodConfig.ts);
            // every chunk that builds a schema imports this one, so its config always runs first.
            {
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]|client[\\/]src[\\/]lib[\\/]zodConfig\.ts$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
