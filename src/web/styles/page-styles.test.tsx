import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Stylesheet, StylesContext } from './page-styles.tsx';

const styles = new Map([['/assets/app-abc.css', 'body{margin:0}.a>.b{color:red}']]);
const render = (href: string, value?: ReadonlyMap<string, string>) =>
  renderToString(
    <StylesContext.Provider value={value}>
      <Stylesheet href={href} />
    </StylesContext.Provider>,
  );

describe('stylesheets in the server’s HTML', () => {
  it('are inline <style> elements when the build has them, their text as it is', () => {
    expect(render('/assets/app-abc.css', styles)).toBe(
      '<style data-href="/assets/app-abc.css">body{margin:0}.a>.b{color:red}</style>',
    );
  });

  it('are links otherwise (development, or a file the build lacks)', () => {
    expect(render('/assets/app-abc.css')).toBe('<link rel="stylesheet" href="/assets/app-abc.css"/>');
    expect(render('/assets/other.css', styles)).toBe('<link rel="stylesheet" href="/assets/other.css"/>');
  });
});
