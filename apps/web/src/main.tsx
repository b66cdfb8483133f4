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
import { makeFormattersAhead } from './lib/formatters-ahead.ts';
import { inTurns } from './lib/in-turn.ts';
import { createQueryClient } from './lib/query-client.ts';

const queryClient = createQueryClient();
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
const container = root;

/**
 * The app, drawn in a transition: React renders it in short slices instead of one long task.
 * The router (it matches the address and starts loading the screen's code) is made in a turn of
 * its own before it.
 */
function render(router: ReturnType<typeof createBrowserRouter>) {
  startTransition(() =>
    createRoot(container).render(
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
}

// The locale data, loaded on another thread while this one starts the app (decision 062).
makeFormattersAhead();

// The first load in turns (decision 062): the entry's evaluation, the router and the first
// render are separate tasks.
let router: ReturnType<typeof createBrowserRouter>;
void inTurns(
  () => {
    router = createBrowserRouter(routes);
    followNavigations(router);
  },
  () => render(router),
);
