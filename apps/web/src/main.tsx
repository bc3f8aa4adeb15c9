// Mantine's global sheets; each component's own comes with the chunk that uses it (mantine-styles.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createQueryClient, Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { startI18n } from './lib/i18n';

// The router starts fetching the page's chunk at once; the words of the visitor's language come alongside.
const router = createAppRouter();
const queryClient = createQueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// A promise, not a top-level await: with one, the bundler splits the entry into many small chunks.
void startI18n().then(() =>
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
