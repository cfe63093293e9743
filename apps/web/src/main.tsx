import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import '@infolektuell/noto-color-emoji/index.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/Providers';
import { setNavigator } from './app/navigation';
import { createAppRouter } from './app/router';
import { registerServiceWorker } from './app/service-worker';
import { bootstrapAuth, installAuthHandlers } from './features/auth';

installAuthHandlers();
void bootstrapAuth();

const router = createAppRouter();
setNavigator((to) => void router.navigate(to, { replace: true }));

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
registerServiceWorker();
