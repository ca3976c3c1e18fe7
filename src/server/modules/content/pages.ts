/** The help center (its 14 pages and their search) and the legal and company pages, from the bundle. */
import {
  type ContentPage,
  helpHref,
  type HelpPageSummary,
  type HelpSearchResult,
} from '../../../shared/content-api.ts';
import type { PageSlug } from '../../../shared/content-api.ts';
import type { Locale } from '../../../shared/locale.ts';
import type { BundledPage, ContentBundle, PageSet } from './bundle.ts';

const publicPage = ({ text: _t, order: _o, ...page }: BundledPage): ContentPage => page;
const summaryOf = (p: BundledPage): HelpPageSummary => ({
  slug: p.slug,
  title: p.title,
  summary: p.summary,
  href: helpHref(p.slug),
});

const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    // Hindi as people type it: फ़ोन and फोन alike (no nukta), पहुँचें and पहुंचें alike (candrabindu as anusvara).
    .replace(/\u093c/g, '')
    .replace(/\u0901/g, '\u0902')
    .toLowerCase();
const wordsOf = (s: string, locale: Locale = 'en') =>
  fold(s)
    // Hindi words are letters with their vowel signs (marks); English ones as before.
    .split(locale === 'en' ? /[^a-z0-9₹]+/ : /[^\p{L}\p{M}\p{N}₹]+/u)
    .filter(Boolean);
/** A light stem, so "compare" finds "comparison" and "charging" finds "charger". */
const stem = (w: string) => (w.length > 4 ? w.replace(/(ations?|ings?|ions?|ers?|es|ed|e|s)$/, '') : w);
const EXCERPT_WORDS = 12;

interface Indexed {
  page: BundledPage;
  title: string[];
  summary: string[];
  body: string[];
}

/** How well a page matches a stemmed query word: in its title 3, its summary 2, its text 1, else 0. */
function weight(p: Indexed, w: string): number {
  const has = (words: string[]) => words.some((x) => x.startsWith(w));
  return has(p.title) ? 3 : has(p.summary) ? 2 : has(p.body) ? 1 : 0;
}

/** One language's help pages, indexed for searching. */
class Pages {
  readonly help: BundledPage[];
  readonly helpBySlug: Map<string, BundledPage>;
  /** Each help page's words (folded): title, summary and text. */
  readonly index: Indexed[];

  constructor(
    readonly set: PageSet,
    readonly locale: Locale,
  ) {
    this.help = set.help;
    this.helpBySlug = new Map(this.help.map((p) => [p.slug, p]));
    this.index = this.help.map((page) => ({
      page,
      title: wordsOf(page.title, locale),
      summary: wordsOf(page.summary, locale),
      body: wordsOf(page.text, locale),
    }));
  }
}

/** The help center and the legal and company pages, in English or Hindi (issue 25). */
export class PageService {
  private readonly byLocale: Record<Locale, Pages>;

  constructor(bundle: Pick<ContentBundle, 'help' | 'pages' | 'hindi'>) {
    this.byLocale = { en: new Pages(bundle, 'en'), hi: new Pages(bundle.hindi, 'hi') };
  }

  helpPages(locale: Locale = 'en'): HelpPageSummary[] {
    return this.byLocale[locale].help.map(summaryOf);
  }

  helpPage(slug: string, locale: Locale = 'en'): ContentPage | null {
    const page = this.byLocale[locale].helpBySlug.get(slug);
    return page ? publicPage(page) : null;
  }

  /**
   * Help pages with every word of the query (word prefixes after a light stem; accents and case ignored), best
   * first: a word in the title counts most, then the summary, then the text. Pages matched only in their text
   * come with an excerpt around the first match.
   */
  searchHelp(query: string, locale: Locale = 'en'): HelpSearchResult[] {
    const words = [
      ...new Set(
        wordsOf(query, locale)
          .filter((w) => w.length > 1)
          .map(stem),
      ),
    ];
    if (!words.length) return [];
    return this.byLocale[locale].index
      .map((p) => ({ p, weights: words.map((w) => weight(p, w)) }))
      .filter(({ weights }) => weights.every((x) => x > 0))
      .map(({ p, weights }) => ({
        page: p.page,
        score: weights.reduce((a, b) => a + b, 0),
        inText: weights.some((x) => x === 1),
      }))
      .sort((a, b) => b.score - a.score || a.page.order - b.page.order)
      .map(({ page, inText }) => ({
        ...summaryOf(page),
        excerpt: inText ? excerpt(page.text, words) : null,
      }));
  }

  page(slug: PageSlug, locale: Locale = 'en'): ContentPage {
    return publicPage(this.byLocale[locale].set.pages.get(slug)!);
  }
}

/** About a dozen words of `text` around the first word starting with one of `words` (stems). */
function excerpt(text: string, words: string[]): string | null {
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const at = text.search(new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])(${escaped.join('|')})`, 'iu'));
  if (at < 0) return null;
  const before = text.slice(0, at).split(' ').slice(-4).join(' ');
  const after = text
    .slice(at)
    .split(' ')
    .slice(0, EXCERPT_WORDS - 4)
    .join(' ');
  return `${before.length < at ? '…' : ''}${before}${after}…`;
}
