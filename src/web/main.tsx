import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { TOASTS } from '#domain/constants.ts';
import { createQueryClient } from './api/query-client.ts';
import { router } from './app/router.tsx';
import './styles.css';

const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster
        visibleToasts={TOASTS.visible}
        duration={TOASTS.durationMs}
        gap={TOASTS.gapPx}
        position="top-center"
        richColors
        closeButton
      />
    </QueryClientProvider>
  </StrictMode>,
);
