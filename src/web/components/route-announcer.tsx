import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a client-side navigation to another page, what a full page load gives for free: focus starts at the new
 * page's h1 (or its main content), and a live region says the page's title. Staying on the same page (filters,
 * sorting, pages of a list) moves nothing: those screens manage their own focus. Neither does another variant of
 * the same phone (issue 18: its links navigate with `state.samePage`), whose picker keeps focus.
 */
export function RouteAnnouncer() {
  const { pathname, state } = useLocation();
  const shown = useRef(pathname);
  const region = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if ((state as { samePage?: boolean } | null)?.samePage) return;
    const target = document.querySelector<HTMLElement>('main h1') ?? document.getElementById('main');
    if (target) {
      target.tabIndex = -1;
      // Scrolling is the router's (ScrollRestoration, a #hash).
      target.focus({ preventScroll: true });
    }
    region.current!.textContent = document.title;
  }, [pathname, state]);

  return <p ref={region} className="visually-hidden" aria-live="assertive" aria-atomic="true" />;
}
