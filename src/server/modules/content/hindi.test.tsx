/**
 * (Beside the content module, which the web app's tests may not import.) The help center and the legal and company pages in Hindi (issue 25): every page has its Hindi file with the
 * same front matter, the content module reads it for /hi pages, and the pages' chrome is in Hindi.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type React from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CONTENT_DIR, HELP_SLUGS, loadContent } from './bundle.ts';
import { PageService } from './pages.ts';
import { PAGE_SLUGS } from '../../../shared/content-api.ts';
import { HELP_MESSAGES } from '../../../shared/help.ts';
import type { Locale } from '../../../shared/locale.ts';
import type { ContentReads } from '../../../shared/web-context.ts';
import '../../../web/i18n/hindi.ts';
import { helpMessage, helpTexts } from '../../../web/features/help/texts.ts';
import { LocaleProvider } from '../../../web/i18n/i18n.tsx';
import * as helpCenter from '../../../web/routes/help-center.tsx';
import * as helpPage from '../../../web/routes/help-page.tsx';
import * as infoPage from '../../../web/routes/info-page.tsx';

const ORIGIN = 'https://verdict.example';
const content = loadContent();
const pages = new PageService(content);
const contentReads = {
  helpPages: (locale?: Locale) => pages.helpPages(locale),
  helpPage: (slug: string, locale?: Locale) => pages.helpPage(slug, locale),
  searchHelp: (q: string, locale?: Locale) => pages.searchHelp(q, locale),
  page: (slug: (typeof PAGE_SLUGS)[number], locale?: Locale) => pages.page(slug, locale),
} as unknown as ContentReads;
const context = { services: { contentReads }, origin: ORIGIN, contact: { supportEmail: null } } as never;

const frontMatter = (file: string) =>
  parseYaml(/^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(file, 'utf8'))![1]!) as Record<string, unknown>;
const DEVANAGARI = /[\u0900-\u097f]/;

describe('the Hindi help and legal pages', () => {
  const files = [
    ...HELP_SLUGS.map((slug) => join('help', `${slug}.md`)),
    ...PAGE_SLUGS.map((slug) => join('pages', `${slug}.md`)),
  ];

  it('has a Hindi file for every help, legal and company page, with the same front-matter keys', () => {
    for (const file of files) {
      const [dir, name] = file.split('/') as [string, string];
      const english = frontMatter(join(CONTENT_DIR, file));
      const hindi = frontMatter(join(CONTENT_DIR, dir, 'hi', name));
      expect(Object.keys(hindi).sort(), file).toEqual(Object.keys(english).sort());
      // The page's own dates stay those of the English text; the title and summary are Hindi.
      expect([hindi.updated, hindi.effective], file).toEqual([english.updated, english.effective]);
      expect(hindi.title, file).toMatch(DEVANAGARI);
      expect(hindi.summary, file).toMatch(DEVANAGARI);
    }
    // No Hindi file without an English one.
    for (const dir of ['help', 'pages']) {
      for (const name of readdirSync(join(CONTENT_DIR, dir, 'hi'))) {
        expect(files, name).toContain(join(dir, name));
      }
    }
  });

  it('reads them in the same order, with Hindi text whose links stay on the Hindi site', () => {
    expect(content.hindi.help.map((p) => p.slug)).toEqual([...HELP_SLUGS]);
    for (const p of [...content.hindi.help, ...content.hindi.pages.values()]) {
      expect(p.text, p.slug).toMatch(DEVANAGARI);
      for (const [, href] of p.html.matchAll(/\shref="(\/[^"]*)"/g))
        expect(href, p.slug).toMatch(/^\/hi(\/|$)/);
    }
    // The anchors other pages link to are there in Hindi too.
    const withOfficer = loadContent(CONTENT_DIR, {
      supportEmail: 'help@verdict.in',
      socialLinks: [],
      grievanceOfficer: { name: 'Asha Rao', email: 'grievance@verdict.in', responseHours: 48 },
    });
    const corporate = withOfficer.hindi.pages.get('corporate')!.html;
    expect(corporate).toContain('id="grievance-officer"');
    expect(corporate).toContain('<a href="mailto:grievance@verdict.in">grievance@verdict.in</a>');
    expect(corporate).toContain('48 घंटे');
  });

  it('searches the Hindi help center in Hindi', () => {
    expect(pages.searchHelp('तुलना', 'hi')[0]).toMatchObject({
      slug: 'comparison-tool',
      title: 'तुलना टूल',
      href: '/help-center/comparison-tool',
    });
    expect(pages.searchHelp('ReviewPass', 'hi').map((r) => r.slug)).toContain('ad-free-experience');
    // Typed without the nukta, as many do.
    expect(pages.searchHelp('फोन सेव', 'hi')[0]!.slug).toBe('saving-favourites');
    // English stays English.
    expect(pages.searchHelp('compare')[0]!.title).toBe('Comparison tool');
  });
});

describe('the Hindi pages’ loaders', () => {
  it('serve the Hindi help page at /hi, with a Hindi title, trail and canonical address', () => {
    const request = new Request(`${ORIGIN}/hi/help-center/getting-started`);
    const data = helpPage.loader({ context, params: { slug: 'getting-started' }, request } as never);
    expect(data.page.title).toBe('शुरुआत करें');
    expect(data.page.html).toContain('<a href="/hi/browse">');
    expect(data.pages[2]!.title).toBe('तुलना टूल');
    expect(data.trail.map((c) => c.name)).toEqual(['होम', 'सहायता केंद्र', 'शुरुआत करें']);
    expect(data.head).toContainEqual({ title: 'शुरुआत करें: सहायता केंद्र · Verdict' });
    expect(data.head).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: `${ORIGIN}/hi/help-center/getting-started`,
    });
    // The English page is unchanged.
    const english = helpPage.loader({
      context,
      params: { slug: 'getting-started' },
      request: new Request(`${ORIGIN}/help-center/getting-started`),
    } as never);
    expect(english.page.title).toBe('Getting started');
    expect(english.head).toContainEqual({ title: 'Getting started: help center · Verdict' });
  });

  it('serve the Hindi legal page at /hi', () => {
    const data = infoPage.loader({ context, request: new Request(`${ORIGIN}/hi/privacy-policy`) } as never);
    expect(data.page.title).toBe('प्राइवेसी पॉलिसी');
    expect(data.page.html).toContain('अंग्रेज़ी वर्ज़न ही मान्य होगा');
    const english = infoPage.loader({ context, request: new Request(`${ORIGIN}/privacy-policy`) } as never);
    expect(english.page.title).toBe('Privacy policy');
  });

  it('render the help center in Hindi', async () => {
    const request = new Request(`${ORIGIN}/hi/help-center?q=${encodeURIComponent('बैटरी')}`);
    const loaderData = helpCenter.loader({ context, request } as never);
    const HelpCenter = helpCenter.default as unknown as (props: { loaderData: unknown }) => React.ReactNode;
    const Stub = createRoutesStub([
      {
        path: '/help-center',
        Component: () => <HelpCenter loaderData={loaderData} />,
      },
    ]);
    const html = renderToString(
      <LocaleProvider value="hi">
        <Stub initialEntries={['/help-center']} />
      </LocaleProvider>,
    );
    expect(html).toContain('<h1 class="page-title">सहायता केंद्र</h1>');
    expect(html).toContain('सहायता केंद्र में खोजें');
    expect(html).toMatch(/“बैटरी” से \d+ पेज मिले/);
    expect(html).toContain('सभी सहायता पेज');
    expect(html).toMatch(/सहायता टीम से संपर्क<\/a>(<!-- -->)? वाला पेज देखें।/);
    expect(html).not.toMatch(/Help center|Search|Topics/);
  });

  it('give the help forms’ messages in Hindi, and unchanged in English', () => {
    for (const message of [HELP_MESSAGES.received.bug, HELP_MESSAGES.title, HELP_MESSAGES.description]) {
      expect(helpMessage(message, helpTexts.t('en'))).toBe(message);
    }
    expect(helpMessage(HELP_MESSAGES.received.bug, helpTexts.t('hi'))).toBe(
      'धन्यवाद! हमें आपकी रिपोर्ट मिल गई है।',
    );
    expect(helpMessage(HELP_MESSAGES.title, helpTexts.t('hi'))).toBe('कृपया छोटा-सा टाइटल दें (5 से 120 कैरेक्टर)।');
  });
});
