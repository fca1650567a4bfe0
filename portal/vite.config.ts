import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API runs on the Koa server (npm start, port 3000); in development Vite proxies to it so
// cookies stay first-party. In production the server serves portal/dist itself.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      '/widgets': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
});
