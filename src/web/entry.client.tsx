import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadHindi } from './i18n/i18n.tsx';

const hydrate = () =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });

// A Hindi page hydrates once its catalogues have loaded (one chunk, only on Hindi pages; decision 0042).
if (document.documentElement.lang === 'hi') void loadHindi().then(hydrate, hydrate);
else hydrate();

// The installable app's service worker (decision 0040): production builds only (unless built with
// VITE_SERVICE_WORKER=off), once the page has loaded and the browser is idle, so it never competes with the
// page's own first load.
if (import.meta.env.PROD && import.meta.env.VITE_SERVICE_WORKER !== 'off' && 'serviceWorker' in navigator) {
  // Safari has no requestIdleCallback.
  const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1000));
  const register = () => idle(() => void navigator.serviceWorker.register('/sw.js').catch(() => {}));
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
