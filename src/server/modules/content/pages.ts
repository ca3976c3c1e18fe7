/** The help center (its 14 pages and their search) and the legal and company pages, from the bundle. */
import {
  type ContentPage,
  helpHref,
  type HelpPageSummary,
  type HelpSearchResult,
} from '../../../shared/content-api.ts';
import type { PageSlug } from '../../../shared/content-api.ts';
import type { BundledPage, ContentBundle } from './bundle.ts';

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
    .toLowerCase();
const wordsOf = (s: string) =>
  fold(s)
    .split(/[^a-z0-9₹]+/)
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

export class PageService {
  private readonly help: BundledPage[];
  private readonly helpBySlug: Map<string, BundledPage>;
  /** Each help page's words (folded): title, summary and text. */
  private readonly index: Indexed[];

  constructor(private readonly bundle: Pick<ContentBundle, 'help' | 'pages'>) {
    this.help = bundle.help;
    this.helpBySlug = new Map(this.help.map((p) => [p.slug, p]));
    this.index = this.help.map((page) => ({
      page,
      title: wordsOf(page.title),
      summary: wordsOf(page.summary),
      body: wordsOf(page.text),
    }));
  }

  helpPages(): HelpPageSummary[] {
    return this.help.map(summaryOf);
  }

  helpPage(slug: string): ContentPage | null {
    const page = this.helpBySlug.get(slug);
    return page ? publicPage(page) : null;
  }

  /**
   * Help pages with every word of the query (word prefixes after a light stem; accents and case ignored), best
   * first: a word in the title counts most, then the summary, then the text. Pages matched only in their text
   * come with an excerpt around the first match.
   */
  searchHelp(query: string): HelpSearchResult[] {
    const words = [
      ...new Set(
        wordsOf(query)
          .filter((w) => w.length > 1)
          .map(stem),
      ),
    ];
    if (!words.length) return [];
    return this.index
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

  page(slug: PageSlug): ContentPage {
    return publicPage(this.bundle.pages.get(slug)!);
  }
}

/** About a dozen words of `text` around the first word starting with one of `words` (stems). */
function excerpt(text: string, words: string[]): string | null {
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const at = text.search(new RegExp(`(?<![\\p{L}\\p{N}])(${escaped.join('|')})`, 'iu'));
  if (at < 0) return null;
  const before = text.slice(0, at).split(' ').slice(-4).join(' ');
  const after = text
    .slice(at)
    .split(' ')
    .slice(0, EXCERPT_WORDS - 4)
    .join(' ');
  return `${before.length < at ? '…' : ''}${before}${after}…`;
}
