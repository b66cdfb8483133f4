import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { followNavigations } from './app/navigation-progress.ts';
import { routes } from './app/routes.tsx';
import { cssVariablesResolver, theme } from './app/theme.ts';
import { Toaster } from './app/Toaster.tsx';
import { createQueryClient } from './lib/query-client.ts';

const queryClient = createQueryClient();
const router = createBrowserRouter(routes);
followNavigations(router);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// A transition: React renders the app in short slices instead of one long task.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <Toaster />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  ),
);
