import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ToastOutlet } from './components/ui/toast-outlet.tsx';
import { createQueryClient } from './api/query-client.ts';
import { ChunkErrorBoundary } from './app/chunk-error-boundary.tsx';
import { FIRST_SCREEN_WAIT_MS, requestFirstScreenData } from './app/first-screen-data.ts';
import { AppRoutes, preloadScreensFor } from './app/router.tsx';
import './styles.css';

const queryClient = createQueryClient();
const firstScreen = Promise.all([
  preloadScreensFor(window.location.pathname),
  requestFirstScreenData(window.location.pathname, queryClient, window.location.search),
]);
const waitedLongEnough = new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS));

// The first render waits for the screen's code and data (or FIRST_SCREEN_WAIT_MS): on a phone,
// one render of the whole page costs far less than a loader, a frame, then each answer redrawn.
// As a transition, React renders it in slices of a few milliseconds, so the page never blocks a
// tap for long while it is being built.
const root = createRoot(document.getElementById('root')!);
void Promise.race([firstScreen, waitedLongEnough]).then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <ChunkErrorBoundary>
              <AppRoutes />
            </ChunkErrorBoundary>
          </BrowserRouter>
          <ToastOutlet />
        </QueryClientProvider>
      </StrictMode>,
    ),
  ),
);
