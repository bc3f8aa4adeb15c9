import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { mantineStyles } from './mantine-styles';

const API = 'http://127.0.0.1:3000';

/** Always proxied: API and Sanctum paths that are never SPA routes (/email-verified is one, /email/... is not). */
const ALWAYS = ['^/api/', '^/sanctum/', '^/logout$', '^/email/', '^/user/'];
/**
 * Also SPA routes (login, register, forgot/reset password) or prefixes of SPA routes: only the
 * non-GET requests go to the server; a GET is a page load served by Vite (index.html).
 */
const UNSAFE_ONLY = ['/login', '/register', '/forgot-password', '/reset-password', '/password', '/profile'];

const unsafeOnly: ProxyOptions = {
  target: API,
  bypass(req) {
    if (req.method === 'GET' || req.method === 'HEAD') return '/index.html';
    return undefined;
  },
};

// Built assets load from /build/ (spec section 7); the dev server keeps serving from /.
export default defineConfig(({ command }) => ({
  base: command === 'build' ? '/build/' : '/',
  plugins: [react(), mantineStyles()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(ALWAYS.map((p) => [p, { target: API }])),
      ...Object.fromEntries(UNSAFE_ONLY.map((p) => [`^${p}([/?].*)?$`, unsafeOnly])),
    },
  },
}));
