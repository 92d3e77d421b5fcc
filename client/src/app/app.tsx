import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { BootScreen } from '../components/layout/loading-screen.tsx';
import { Toaster } from '../components/ui/toast.tsx';
import { queryClient } from '../lib/query-client.ts';
import { AppRoutes } from './routes.tsx';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<BootScreen />}>
        <AppRoutes />
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
