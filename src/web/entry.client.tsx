import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});

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
