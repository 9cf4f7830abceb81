import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const root = import.meta.dirname;

export default defineConfig({
  root,
  publicDir: path.join(root, 'public'),
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': path.join(root, 'src'), '@common': path.join(root, '../common') } },
  build: {
    outDir: path.join(root, '../dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    assetsInlineLimit: 0,
  },
  server: {
    proxy: { '/News': 'http://127.0.0.1:3000', '/api': 'http://127.0.0.1:3000', '/oidc': 'http://127.0.0.1:3000' },
  },
});
