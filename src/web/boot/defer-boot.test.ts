import { describe, expect, it } from 'vitest';
import { deferBoot } from './defer-boot.ts';

/** A page as React Router writes it (trimmed): preload links in the head, the boot script at the end. */
const page = (script: string) =>
  '<html><head><link rel="modulepreload" href="/assets/entry.client-A.js"/><style data-href="/a.css">é{}</style>' +
  '<link rel="modulepreload" href="/assets/root-B.js"/><link rel="modulepreload" href="/assets/product-C.js"/>' +
  `<title>t</title></head><body><p>x</p><script type="module" async="">${script}</script><script>data()</script></body></html>`;

const REACT_ROUTER = `;
import * as route0 from "/assets/root-B.js";
import * as route1 from "/assets/product-C.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js"}};
  window.__reactRouterRouteModules = {"root":route0,"routes/product":route1};

import("/assets/entry.client-A.js");`;

describe('the page’s code waits for the first paint', () => {
  it('drops the preload links and makes the boot script load the same modules after a frame', () => {
    const html = deferBoot(Buffer.from(page(REACT_ROUTER))).toString();
    expect(html).toBe(
      page(
        ';await new Promise((go) => { requestAnimationFrame(() => setTimeout(go)); setTimeout(go, 200); });\n' +
          `for (const href of ["/assets/entry.client-A.js","/assets/root-B.js","/assets/product-C.js"]) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));\n` +
          'const [route0, route1] = await Promise.all([import("/assets/root-B.js"), import("/assets/product-C.js")]);\n' +
          'window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js"}};\n' +
          '  window.__reactRouterRouteModules = {"root":route0,"routes/product":route1};\n\n' +
          'import("/assets/entry.client-A.js");',
      ).replace(/<link rel="modulepreload" href="[^"]+"\/>/g, ''),
    );
  });

  it('leaves a page alone when React Router’s script is not as expected', () => {
    for (const html of [page('import("/assets/entry.client-A.js");'), '<p>no script</p>']) {
      const bytes = Buffer.from(html);
      expect(deferBoot(bytes)).toBe(bytes);
    }
  });
});
