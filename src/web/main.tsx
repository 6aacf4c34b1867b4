import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ToastOutlet } from './components/ui/toast-outlet.tsx';
import { createQueryClient } from './api/query-client.ts';
import { ChunkErrorBoundary } from './app/chunk-error-boundary.tsx';
import { requestFirstScreenData } from './app/first-screen-data.ts';
import { AppRoutes, preloadScreensFor } from './app/router.tsx';
import './styles.css';

const queryClient = createQueryClient();
preloadScreensFor(window.location.pathname);
requestFirstScreenData(window.location.pathname, queryClient);

createRoot(document.getElementById('root')!).render(
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
);
