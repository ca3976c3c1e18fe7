import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fillStylesheets } from './fill-stylesheets.ts';
import { Stylesheet, StylesContext } from './page-styles.tsx';

const styles = new Map([['/assets/app-abc.css', Buffer.from('body{margin:0}.a>.b{color:red}')]]);
const render = (href: string, value?: ReadonlyMap<string, Uint8Array>) =>
  renderToString(
    <StylesContext.Provider value={value}>
      <Stylesheet href={href} />
    </StylesContext.Provider>,
  );

describe('stylesheets in the server’s HTML', () => {
  it('are empty <style> elements when the build has them, for entry.server to fill with their text', () => {
    const html = render('/assets/app-abc.css', styles);
    expect(html).toBe('<style data-href="/assets/app-abc.css"></style>');
    expect(fillStylesheets(Buffer.from(`<head>${html}</head>`), styles).toString()).toBe(
      '<head><style data-href="/assets/app-abc.css">body{margin:0}.a>.b{color:red}</style></head>',
    );
  });

  it('are links otherwise (development, or a file the build lacks)', () => {
    expect(render('/assets/app-abc.css')).toBe('<link rel="stylesheet" href="/assets/app-abc.css"/>');
    expect(render('/assets/other.css', styles)).toBe('<link rel="stylesheet" href="/assets/other.css"/>');
  });
});
