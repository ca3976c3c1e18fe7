import { describe, expect, it } from 'vitest';
import { fillStylesheets } from './fill-stylesheets.ts';

const styles = new Map([
  ['/assets/app-abc.css', Buffer.from('body{margin:0}.a>.b{content:"é"}')],
  ['/assets/reviews-def.css', Buffer.from('.review{color:red}')],
]);
const fill = (html: string) => fillStylesheets(Buffer.from(html), styles).toString();

describe('filling the empty stylesheets of a rendered page', () => {
  it('writes each named stylesheet into its element, in the head only', () => {
    expect(
      fill(
        '<html><head><meta charset="utf-8"/><style data-href="/assets/app-abc.css"></style>' +
          '<title>x</title><style data-href="/assets/reviews-def.css"></style></head>' +
          '<body><style data-href="/assets/app-abc.css"></style></body></html>',
      ),
    ).toBe(
      '<html><head><meta charset="utf-8"/><style data-href="/assets/app-abc.css">body{margin:0}.a>.b{content:"é"}</style>' +
        '<title>x</title><style data-href="/assets/reviews-def.css">.review{color:red}</style></head>' +
        '<body><style data-href="/assets/app-abc.css"></style></body></html>',
    );
  });

  it('leaves alone a stylesheet it does not know, one already filled, and a page without any', () => {
    const html =
      '<head><style data-href="/assets/other.css"></style><style data-href="/assets/app-abc.css">p{}</style></head>';
    const page = Buffer.from(html);
    expect(fillStylesheets(page, styles)).toBe(page);
    expect(fill('<p>no head</p>')).toBe('<p>no head</p>');
    const none = Buffer.from('<head><style data-href="/assets/app-abc.css"></style></head>');
    expect(fillStylesheets(none, undefined)).toBe(none);
    expect(fillStylesheets(none, new Map())).toBe(none);
  });
});
