import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { followNavigations } from './app/navigation-progress.ts';
import { routes } from './app/routes.tsx';
import { cssVariablesResolver, theme } from './app/theme.ts';
import { Toaster } from './app/Toaster.tsx';
import { makeFormattersAhead } from './lib/formatters-ahead.ts';
import { readerLocale } from './lib/i18n/catalogue.ts';
import { chosenLanguage, onLanguageChange, startLanguage } from './lib/i18n/language.ts';
import { inTurns } from './lib/in-turn.ts';
import { createQueryClient } from './lib/query-client.ts';

const queryClient = createQueryClient();
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
const container = root;

let reactRoot: Root | undefined;

/**
 * The app, drawn in a transition: React renders it in short slices instead of one long task.
 * The router (it matches the address and starts loading the screen's code) is made in a turn of
 * its own before it. Keyed by the language: a switch re-mounts it all in the new one.
 */
function render(router: ReturnType<typeof createBrowserRouter>) {
  reactRoot ??= createRoot(container);
  const app = reactRoot;
  startTransition(() =>
    app.render(
      <StrictMode key={readerLocale()}>
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

// The reader's language first (decision 069): its words for the entry's catalogues load while
// the router is made; nothing is drawn before they are in, so no screen shows English first.
const language = startLanguage(chosenLanguage());

// The first load in turns (decision 062): the entry's evaluation, the router and the first
// render are separate tasks.
let router: ReturnType<typeof createBrowserRouter>;
void inTurns(
  () => {
    router = createBrowserRouter(routes);
    followNavigations(router);
  },
  async () => {
    await language;
    // The locale data, loaded on another thread while this one draws the app (decision 062).
    makeFormattersAhead();
    render(router);
  },
);
onLanguageChange(() => render(router));
