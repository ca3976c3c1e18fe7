import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type BundledPage, CONTENT_DIR, type ContentBundle, HELP_SLUGS, loadContent } from './bundle.ts';
import { PAGE_SLUGS } from '../../../shared/content-api.ts';
import { PageService } from './pages.ts';

const content: ContentBundle = loadContent();

const HELP_TITLES = [
  'Getting started',
  'Browsing and searching',
  'Comparison tool',
  'Ad-free experience',
  'Writing a review',
  'Asking questions',
  'Commenting',
  'Answering questions',
  'Managing your account',
  'Saving favourites',
  'Alerts and notifications',
  'Contacting support',
  'Report a bug',
  'Request a new feature',
];

/** Every rendered HTML document of the bundle, named. */
const documents = (): [string, string][] => [
  ...content.help.map((p): [string, string] => [`help/${p.slug}`, p.html]),
  ...[...content.pages].map(([slug, p]): [string, string] => [`pages/${slug}`, p.html]),
  ...content.articles.map((a): [string, string] => [`articles/${a.slug}`, a.html]),
];

/** The body of a Markdown file, without its front matter. */
const bodyOf = (file: string) => readFileSync(file, 'utf8').replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n?/, '');

describe('loadContent', () => {
  it('reads the 14 help pages in the help center order, with titles and summaries', () => {
    expect(content.help.map((p) => p.slug)).toEqual([...HELP_SLUGS]);
    expect(content.help).toHaveLength(14);
    expect(content.help.map((p) => p.title)).toEqual(HELP_TITLES);
    expect(content.help.map((p) => p.order)).toEqual(HELP_SLUGS.map((_, i) => i + 1));
    for (const p of content.help) {
      expect(p.summary.length, p.slug).toBeGreaterThanOrEqual(20);
      expect(p.summary.length, p.slug).toBeLessThanOrEqual(200);
      expect(p.html, p.slug).toMatch(/^<(p|h2|ul|ol)[\s>]/);
      expect(p.text.length, p.slug).toBeGreaterThan(200);
      expect(p.text, p.slug).not.toMatch(/[<>]\w/);
    }
    expect(content.help.find((p) => p.slug === 'comparison-tool')!.summary).toBe(
      'How to put up to 3 products side by side, read the comparison table, and share or clear your comparison.',
    );
  });

  it('reads the 6 legal and company pages, with the dates the policy and terms carry', () => {
    expect([...content.pages.keys()]).toEqual([...PAGE_SLUGS]);
    expect([...content.pages.values()].map((p) => p.title)).toEqual([
      'About Verdict',
      'Corporate',
      'Privacy policy',
      'Terms of service',
      'Community guidelines',
      'How reviews and ratings work',
    ]);
    const privacy = content.pages.get('privacy-policy')!;
    expect(privacy).toMatchObject({ updated: '2024-09-06', effective: null });
    expect(privacy.text).toContain('6 September 2024');
    expect(privacy.html).toContain('<strong>6 September 2024</strong>');
    const terms = content.pages.get('terms-of-service')!;
    expect(terms).toMatchObject({ effective: '2022-10-01', updated: null });
    expect(terms.text).toContain('1 October 2022');
    for (const slug of ['about', 'corporate', 'community-guidelines'] as const) {
      expect(content.pages.get(slug), slug).toMatchObject({ updated: null, effective: null });
    }
  });

  it('reads the 2 articles, newest first, with their front matter and reading time', () => {
    expect(content.articles).toHaveLength(2);
    expect(
      content.articles.map(({ id, slug, title, navTitle, author, banner, publishDate }) => ({
        id,
        slug,
        title,
        navTitle,
        author,
        banner,
        publishDate,
      })),
    ).toEqual([
      {
        id: 2,
        slug: 'battery-and-charging-explained',
        title: 'Battery and charging figures explained: mAh, watts and what they mean for you',
        navTitle: 'Battery and charging',
        author: 'Verdict Editorial Team',
        banner: 'battery-and-charging-explained.svg',
        publishDate: '2024-10-28',
      },
      {
        id: 1,
        slug: 'choosing-a-phone-on-a-budget',
        title: 'How to choose a phone for your budget in India',
        navTitle: 'Choosing on a budget',
        author: 'Verdict Editorial Team',
        banner: 'choosing-a-phone-on-a-budget.svg',
        publishDate: '2024-10-15',
      },
    ]);
    for (const a of content.articles) {
      expect(a.bannerAlt.length, a.slug).toBeGreaterThan(10);
      expect(a.readTime, a.slug).toBeGreaterThanOrEqual(1);
      expect(Number.isInteger(a.readTime), a.slug).toBe(true);
      // Counted independently from the Markdown source: within a minute of its words at 200 a minute.
      const words = bodyOf(join(CONTENT_DIR, 'articles', `${a.id}-${a.slug}.md`))
        .split(/\s+/)
        .filter((w) => /\w/.test(w)).length;
      expect(words, a.slug).toBeGreaterThan(200);
      expect(Math.abs(a.readTime - words / 200), `${a.slug}: ${words} words`).toBeLessThanOrEqual(1);
      expect(content.banners.get(a.banner), a.banner).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    }
    expect([...content.banners.keys()].sort()).toEqual([
      'battery-and-charging-explained.svg',
      'choosing-a-phone-on-a-budget.svg',
    ]);
  });

  it('renders HTML without scripts, raw handlers or an h1, and gives every heading an id', () => {
    for (const [name, html] of documents()) {
      expect(html, name).not.toMatch(/<script|<style|<iframe|\son[a-z]+=|javascript:/i);
      expect(html, name).not.toMatch(/<h1[\s>]/);
      const headings = [...html.matchAll(/<h([1-6])([^>]*)>([\s\S]*?)<\/h\1>/g)];
      expect(headings.length, name).toBeGreaterThan(0);
      const ids = headings.map(([, , attrs, inner]) => {
        const id = /^ id="([a-z0-9]+(?:-[a-z0-9]+)*)"$/.exec(attrs!)?.[1];
        expect(id, `${name}: <h…${attrs}>${inner}`).toBeDefined();
        return id!;
      });
      expect(new Set(ids).size, `${name}: duplicate heading ids ${ids.join(', ')}`).toBe(ids.length);
    }
    const budget = content.articles.find((a) => a.id === 1)!;
    expect(budget.html).toContain(
      '<h2 id="start-with-how-you-use-your-phone">Start with how you use your phone</h2>',
    );
  });

  it('links only to pages the site has (no dead relative links)', () => {
    const exact = new Set([
      '/',
      '/home',
      '/browse',
      '/compare',
      '/articles',
      '/help-center',
      '/sign-in',
      '/my-account',
      '/user-profile',
      '/delete-my-account',
      '/notifications',
      '/unsubscribe',
      '/product-recommendation',
      '/initiate-forgot-password',
      '/search',
      '/email-verification',
      '/review-pass',
      '/transparency',
      ...PAGE_SLUGS.map((s) => `/${s}`),
      ...HELP_SLUGS.map((s) => `/help-center/${s}`),
      ...content.articles.map((a) => `/articles/${a.slug}-${a.id}`),
    ]);
    const known = (path: string) =>
      exact.has(path) || /^\/most-(viewed|reviewed|upvoted)-products$/.test(path);
    const seen: string[] = [];
    for (const [name, html] of documents()) {
      for (const [, href] of html.matchAll(/href="([^"]*)"/g)) {
        expect(href, name).not.toMatch(/^(javascript|data):/i);
        if (!href!.startsWith('/')) {
          // Anything else is an outside link or an email address, never a relative path like "browse".
          expect(href, name).toMatch(/^(https:\/\/|mailto:|#)/);
          continue;
        }
        expect(href, name).not.toMatch(/^\/\//);
        const path = href!.replace(/[?#].*$/, '');
        seen.push(path);
        expect(known(path), `${name} links to ${href}`).toBe(true);
      }
    }
    // The check looked at real links: the help pages cross-link heavily.
    expect(seen.length).toBeGreaterThan(50);
    expect(seen).toContain('/help-center/contacting-support');
    expect(seen).toContain('/compare');
  });
});

describe('how to reach us, from the settings', () => {
  const set = loadContent(CONTENT_DIR, {
    supportEmail: 'help_desk@verdict.in',
    socialLinks: [],
    grievanceOfficer: { name: 'Asha Rao', email: 'grievance@verdict.in', responseHours: 48 },
  });
  const page = (bundle: ContentBundle, slug: string) =>
    bundle.pages.get(slug as never) ?? bundle.help.find((p) => p.slug === slug)!;

  it('invents no address: unset, the sentences that need one are left out, with a heading left empty', () => {
    for (const [name, html] of documents()) {
      expect(html, name).not.toMatch(/\{\{|verdict\.example|mailto:/);
    }
    const corporate = page(content, 'corporate');
    expect(corporate.html).not.toMatch(/Grievance officer|Support:|Press.*subject line/);
    expect(corporate.html).toContain('<h2 id="press-and-partnerships">');
    const help = page(content, 'contacting-support');
    expect(help.html).not.toMatch(/id="email-us"|id="complaints"/);
    expect(help.html).toContain('id="report-a-bug-or-suggest-a-feature"');
  });

  it('fills in the support address and the grievance officer when set, 48 hours to acknowledge', () => {
    const mail = (address: string) => `<a href="mailto:${address}">${address}</a>`;
    const corporate = page(set, 'corporate').html;
    expect(corporate).toContain('<h2 id="grievance-officer">Grievance officer</h2>');
    expect(corporate).toContain('<strong>Name:</strong> Asha Rao, Grievance Officer');
    expect(corporate).toContain(mail('grievance@verdict.in'));
    expect(corporate).toContain('<strong>acknowledge a complaint within 48 hours</strong>');
    expect(corporate).toContain(`<strong>Support:</strong> ${mail('help_desk@verdict.in')}`);
    for (const slug of [
      'about',
      'terms-of-service',
      'privacy-policy',
      'community-guidelines',
      'contacting-support',
    ])
      expect(page(set, slug).html, slug).toContain(mail('help_desk@verdict.in'));
    expect(page(set, 'terms-of-service').html).toContain('within 48 hours');
    expect(page(set, 'contacting-support').html).toContain('<h2 id="complaints">Complaints</h2>');
    for (const [name, html] of [...set.pages].map(([k, p]) => [k, p.html] as const))
      expect(html, name).not.toMatch(/\{\{|verdict\.example/);
  });

  it('keeps a setting’s value as text, never Markdown', () => {
    const odd = loadContent(CONTENT_DIR, {
      supportEmail: 'help@verdict.in',
      socialLinks: [],
      grievanceOfficer: { name: '*Asha* [Rao](javascript:x)', email: 'g@verdict.in', responseHours: 24 },
    });
    const corporate = page(odd, 'corporate').html;
    expect(corporate).toContain('*Asha* [Rao](javascript:x)');
    expect(corporate).not.toMatch(/<(a|em)[ >][^<]*Asha|href="javascript/);
  });
});

describe('loadContent on a malformed copy', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  /** A copy of the real content with one file replaced; returns the replaced file's path. */
  function copyWith(relative: string, edit: (source: string) => string): string {
    dir = mkdtempSync(join(tmpdir(), 'verdict-content-'));
    cpSync(CONTENT_DIR, dir, { recursive: true });
    const file = join(dir, relative);
    writeFileSync(file, edit(readFileSync(file, 'utf8')));
    return file;
  }

  it('loads an untouched copy', () => {
    copyWith('help/commenting.md', (s) => s);
    const copy = loadContent(dir);
    expect(copy.help.map((p: BundledPage) => p.slug)).toEqual([...HELP_SLUGS]);
    expect(copy.articles.map((a) => a.id)).toEqual([2, 1]);
  });

  it('throws naming a page with an unknown setting, or a setting in a heading', () => {
    const file = copyWith('pages/about.md', (s) => `${s}\nWrite to {{sales_email}}.\n`);
    expect(() => loadContent(dir)).toThrow(`${file}: unknown setting {{sales_email}}`);
    const heading = copyWith('pages/about.md', (s) => `${s}\n## Write to {{support_email}}\n\nText.\n`);
    expect(() => loadContent(dir)).toThrow(
      `${heading}: a setting can only be named in a paragraph or list item`,
    );
  });

  it('throws naming a help page without a title', () => {
    const file = copyWith('help/commenting.md', (s) => s.replace(/^title: .*\n/m, ''));
    expect(() => loadContent(dir)).toThrow(file);
    expect(() => loadContent(dir)).toThrow(/title/);
  });

  it('throws naming a page with a # heading', () => {
    const file = copyWith('pages/about.md', (s) => `${s}\n# A second title\n`);
    expect(() => loadContent(dir)).toThrow(`${file}: use ## and below`);
  });

  it('throws naming an article with raw HTML', () => {
    const file = copyWith(
      'articles/1-choosing-a-phone-on-a-budget.md',
      (s) => `${s}\n<img src=x onerror="alert(1)">\n`,
    );
    expect(() => loadContent(dir)).toThrow(`${file}: raw HTML is not allowed`);
  });

  it('throws naming a file without front matter, or with a bad article field', () => {
    const file = copyWith('help/report-bug.md', (s) => s.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, ''));
    expect(() => loadContent(dir)).toThrow(`${file}: no front matter`);
    rmSync(dir!, { recursive: true, force: true });
    const article = copyWith('articles/2-battery-and-charging-explained.md', (s) =>
      s.replace(/^slug: .*$/m, 'slug: Not A Slug'),
    );
    expect(() => loadContent(dir)).toThrow(article);
    expect(() => loadContent(dir)).toThrow(/slug/);
  });

  it('throws naming a file whose front matter is not valid YAML', () => {
    const file = copyWith('help/commenting.md', (s) => s.replace(/^title: (.*)$/m, 'title: [$1'));
    expect(() => loadContent(dir)).toThrow(`${file}: malformed YAML front matter`);
  });

  it('refuses two articles with one id, and an unsafe banner', () => {
    copyWith('articles/2-battery-and-charging-explained.md', (s) => s.replace(/^id: 2$/m, 'id: 1'));
    expect(() => loadContent(dir)).toThrow('two articles share an id');
    rmSync(dir!, { recursive: true, force: true });
    copyWith('articles/banners/choosing-a-phone-on-a-budget.svg', (s) =>
      s.replace(/<\/svg>\s*$/, '<script>alert(1)</script></svg>'),
    );
    expect(() => loadContent(dir)).toThrow('choosing-a-phone-on-a-budget.svg: unsafe SVG');
    rmSync(dir!, { recursive: true, force: true });
    copyWith('articles/banners/choosing-a-phone-on-a-budget.svg', (s) =>
      s.replace('<svg ', '<svg onload="x()" '),
    );
    expect(() => loadContent(dir)).toThrow('unsafe SVG');
  });

  it('refuses links other than to this site, https and mailto', () => {
    const file = copyWith('help/commenting.md', (s) => `${s}\n[Click](javascript:void)\n`);
    expect(() => loadContent(dir)).toThrow(`${file}: link javascript:void is not allowed`);
  });
});

describe('PageService.searchHelp', () => {
  const pages = new PageService(content);

  it('finds the comparison tool first for "compare"', () => {
    const found = pages.searchHelp('compare');
    expect(found[0]).toMatchObject({
      slug: 'comparison-tool',
      title: 'Comparison tool',
      href: '/help-center/comparison-tool',
    });
  });

  it('puts title and summary matches first, without an excerpt, whatever the case and accents', () => {
    for (const q of ['Comparison', 'COMPARISON TOOL', 'comparisón']) {
      const found = pages.searchHelp(q);
      expect(found[0], q).toEqual({
        slug: 'comparison-tool',
        title: 'Comparison tool',
        summary: content.help[2]!.summary,
        href: '/help-center/comparison-tool',
        excerpt: null,
      });
      // Every result contains the word somewhere; the rest come with the words around it.
      expect(found.length, q).toBeGreaterThan(1);
      expect(
        found.slice(1).every((r) => r.excerpt !== null && /comparison/i.test(r.excerpt)),
        q,
      ).toBe(true);
    }
  });

  it('returns an excerpt around a word only found in the body', () => {
    const found = pages.searchHelp('mAh');
    expect(found).toHaveLength(1);
    expect(found[0]!.slug).toBe('browsing-and-searching');
    expect(found[0]!.excerpt).toMatch(/^….*\(mAh\).*…$/);
    expect(found[0]!.excerpt!.split(' ').length).toBeLessThanOrEqual(13);
  });

  it('needs every word, and returns nothing for nonsense or a too short query', () => {
    expect(pages.searchHelp('xyzzyqwerty')).toEqual([]);
    expect(pages.searchHelp('comparison xyzzyqwerty')).toEqual([]);
    expect(pages.searchHelp('')).toEqual([]);
    expect(pages.searchHelp('  a  ')).toEqual([]);
    expect(pages.searchHelp('ReviewPass refunded').map((r) => r.slug)).toEqual([
      'ad-free-experience',
      'managing-account',
    ]);
  });
});
