/**
 * The page's code starts loading once the page has painted (decision 0024). React Router writes a
 * `<link rel="modulepreload">` into the head for every module of the first load, and an inline module script
 * at the end of the body whose static imports fetch the route modules at once: on a slow phone those ten-odd
 * downloads share the line with the HTML and the images the first paint needs. This rewrites both in the
 * rendered page: the links go, and the script waits for a frame to be painted (or 200 ms, for a tab in the
 * background), then asks for the same modules (preloads first, so they arrive in parallel as before) and goes on
 * exactly as React Router's script does. React adds its preload links back to the head as it hydrates (they are
 * hoisted elements, never compared); the inline script's text is never compared either.
 *
 * If React Router's markup is not as expected, the page is left as it is: it works, only without the wait.
 */
export function deferBoot(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const open = html.indexOf(SCRIPT_OPEN);
  const close = open < 0 ? -1 : html.indexOf(SCRIPT_CLOSE, open);
  if (close < 0) return html;
  const script = html.toString('utf8', open + SCRIPT_OPEN.length, close);
  const routes = [...script.matchAll(STATIC_IMPORT)];
  if (!routes.length) return html;

  // The head's preload links, cut out (the inline stylesheets between them are copied as bytes).
  const headEnd = html.indexOf(HEAD_END);
  const kept: Uint8Array[] = [];
  const preloads: string[] = [];
  let copied = 0;
  for (let at = html.indexOf(PRELOAD); at >= 0 && at < headEnd; at = html.indexOf(PRELOAD, copied)) {
    const end = html.indexOf(PRELOAD_END, at + PRELOAD.length);
    if (end < 0 || end > headEnd) break;
    preloads.push(html.toString('latin1', at + PRELOAD.length, end));
    kept.push(html.subarray(copied, at));
    copied = end + PRELOAD_END.length;
  }

  const rest = script.replace(STATIC_IMPORT, '').replace(/^;\s*/, '');
  const boot =
    `;await new Promise((go) => { requestAnimationFrame(() => setTimeout(go)); setTimeout(go, 200); });\n` +
    `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));\n` +
    `const [${routes.map((m) => m[1]).join(', ')}] = await Promise.all([${routes.map((m) => `import(${m[2]})`).join(', ')}]);\n` +
    rest;
  return Buffer.concat([
    ...kept,
    html.subarray(copied, open + SCRIPT_OPEN.length),
    Buffer.from(boot),
    html.subarray(close),
  ]);
}

const SCRIPT_OPEN = Buffer.from('<script type="module" async="">');
const SCRIPT_CLOSE = Buffer.from('</script>');
const HEAD_END = Buffer.from('</head>');
const PRELOAD = Buffer.from('<link rel="modulepreload" href="');
const PRELOAD_END = Buffer.from('"/>');
/** `import * as route0 from "/assets/root-….js";` */
const STATIC_IMPORT = /^import \* as (route\d+) from ("\/[^"\\]+");\n?/gm;
