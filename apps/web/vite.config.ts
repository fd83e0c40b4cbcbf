import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, target: 'es2022' },
  server: {
    proxy: Object.fromEntries(['/wps', '/lgw', '/lotto', '/cdn', '/config', '/openapi.json'].map((p) => [p, 'http://localhost:8080'])),
  },
});
