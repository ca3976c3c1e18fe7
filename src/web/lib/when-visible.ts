/**
 * Resolves when `el` comes within `margin` of the viewport: the moment to load the code of a part of the page
 * that was rendered on the server (lazy hydration). Resolves at once when the element is not in the document
 * (a client-side navigation: nothing to keep) or the browser has no IntersectionObserver. An aborted `signal`
 * stops watching (the promise then never resolves).
 */
export function whenVisible(el: Element, margin = '400px', signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (!el.isConnected || typeof IntersectionObserver === 'undefined') return resolve();
    const io = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        io.disconnect();
        resolve();
      },
      { rootMargin: margin },
    );
    io.observe(el);
    signal?.addEventListener('abort', () => io.disconnect());
  });
}
