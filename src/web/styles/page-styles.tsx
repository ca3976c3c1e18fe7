import { createContext, useContext, useState } from 'react';
import {
  type LinkDescriptor,
  UNSAFE_DataRouterStateContext as RouterState,
  UNSAFE_FrameworkContext as Framework,
} from 'react-router';

/**
 * The production build's stylesheets by address, set by entry.server from the load context (`styles`); empty in
 * the browser and in development.
 */
export const StylesContext = createContext<ReadonlyMap<string, Uint8Array> | undefined>(undefined);

/**
 * One stylesheet. In the server's HTML it is the stylesheet's text in a `<style>` element, when the build has it
 * (decision 0024: no render-blocking request before the first paint); otherwise a link. React renders the element
 * empty and entry.server writes the text in (fill-stylesheets.ts). In the browser, an element the server wrote is
 * hydrated as it is, its text left alone (`dangerouslySetInnerHTML` is never compared); a stylesheet a
 * client-side navigation adds is a link, as before.
 */
export function Stylesheet({ href }: { href: string }) {
  const built = useContext(StylesContext)?.has(href);
  const [inline] = useState(
    () => built || (!import.meta.env.SSR && !!document.querySelector(`style[data-href="${href}"]`)),
  );
  if (!inline) return <link rel="stylesheet" href={href} />;
  return <style data-href={href} dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />;
}

/**
 * React Router's `<Links>` for our pages: the matched routes' links (their `links()` and the CSS they import, up
 * to the route that shows an error), each stylesheet a `<Stylesheet>`. No nonce: the CSP allows the links
 * ('self') and the inline stylesheets (their hashes).
 */
export function PageLinks() {
  const { manifest, routeModules } = useContext(Framework)!;
  const { matches, errors } = useContext(RouterState)!;
  const failed = errors ? matches.findIndex((m) => errors[m.route.id] !== undefined) : -1;
  const seen = new Set<string>();
  return (failed < 0 ? matches : matches.slice(0, failed + 1))
    .flatMap((m): LinkDescriptor[] => [
      ...(manifest.routes[m.route.id]?.css ?? []).map((href) => ({ rel: 'stylesheet', href })),
      ...(routeModules[m.route.id]?.links?.() ?? []),
    ])
    .map((link) => {
      if ('page' in link) return null; // <PrefetchPageLinks>: none of our routes asks for them
      const key = JSON.stringify(link);
      if (seen.has(key)) return null;
      seen.add(key);
      return link.rel === 'stylesheet' && link.href ? (
        <Stylesheet key={key} href={link.href} />
      ) : (
        <link key={key} {...link} />
      );
    });
}
