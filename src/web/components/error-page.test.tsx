import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import '../i18n/hindi.ts';
import { LocaleProvider } from '../i18n/i18n.tsx';
import { ErrorPage } from './error-page.tsx';

const html = (locale: 'en' | 'hi', kind: Parameters<typeof ErrorPage>[0]['kind']) =>
  renderToString(
    <LocaleProvider value={locale}>
      <ErrorPage kind={kind} supportEmail="help@verdict.in" />
    </LocaleProvider>,
  );

describe('ErrorPage', () => {
  it('is in English on the English site', () => {
    const page = html('en', '404');
    expect(page).toContain('<title>404 · Verdict</title>');
    expect(page).toContain('<h1 id="error-heading">Page not found</h1>');
    expect(page).toMatch(/<a class="button button-primary" href="\/"[^>]*>Go to home<\/a>/);
    expect(html('en', 'maintenance')).toContain('<title>We&#x27;ll Be Back Soon · Verdict</title>');
  });

  it('is in Hindi on the Hindi site, its home link to the Hindi home', () => {
    const page = html('hi', '404');
    expect(page).toContain('<h1 id="error-heading">पेज नहीं मिला</h1>');
    expect(page).toMatch(/<a class="button button-primary" href="\/hi"[^>]*>होम पर जाएँ<\/a>/);
    const maintenance = html('hi', 'maintenance');
    expect(maintenance).toContain('<title>हम जल्द वापस आएँगे · Verdict</title>');
    expect(maintenance).toMatch(
      /अगर ऐसा बार-बार हो, तो यहाँ लिखें:(<!-- -->)? <a href="mailto:help@verdict.in">/,
    );
    expect(html('hi', '500')).toContain('सर्वर में गड़बड़ी');
  });
});
