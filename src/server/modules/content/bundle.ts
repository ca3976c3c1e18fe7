/**
 * The text we ship with the site (src/content): the articles, the 14 help pages and the legal and company
 * pages, as Markdown files with YAML front matter. Read and rendered to HTML once, at start-up; a malformed
 * file stops the server with its name (a test reads them all). Our own text only: no user input comes here.
 *
 * How to reach us comes from the settings (SUPPORT_EMAIL, GRIEVANCE_OFFICER_*): the text says {{support_email}},
 * {{grievance_officer_name}}, {{grievance_officer_email}} or {{grievance_hours}}, and a paragraph or list item
 * naming one that is not set is left out, with a heading left with nothing under it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Marked, type Token, type Tokens } from 'marked';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { projectPath } from '../../../project-files.ts';
import { type ContentPage, PAGE_SLUGS, type PageSlug } from '../../../shared/content-api.ts';
import { type Locale, localizePath } from '../../../shared/locale.ts';
import { NO_CONTACT, type SiteContact } from '../../../shared/site-contact.ts';

export const CONTENT_DIR = projectPath('src', 'content');

/** The help center's pages in the spec's order (section 2); each has a file help/{slug}.md. */
export const HELP_SLUGS = [
  'getting-started',
  'browsing-and-searching',
  'comparison-tool',
  'ad-free-experience',
  'writing-a-review',
  'asking-questions',
  'commenting',
  'answering-questions',
  'managing-account',
  'saving-favourites',
  'alerts-and-notifications',
  'contacting-support',
  'report-bug',
  'new-feature-request',
] as const;

// The yaml parser (core schema) leaves 2024-10-15 a string.
const day = z.iso.date();

const PageMatter = z.object({
  title: z.string().min(1),
  summary: z.string().min(20).max(200),
  updated: day.optional(),
  effective: day.optional(),
  /** When the file's text last changed (the sitemap's lastmod), unlike `updated`, which the page shows. */
  revised: day,
});

const ArticleMatter = z.object({
  id: z.number().int().positive(),
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  title: z.string().min(1),
  navTitle: z.string().min(1),
  author: z.string().min(1),
  banner: z.string().regex(/^[a-z0-9-]+\.svg$/),
  bannerAlt: z.string().min(1),
  publishDate: day,
  summary: z.string().min(20).max(200),
});

export interface BundledPage extends ContentPage {
  /** The words of the page, for searching the help center. */
  text: string;
  order: number;
  /** YYYY-MM-DD: when the text last changed (the sitemap's lastmod). */
  revised: string;
}

export interface BundledArticle extends z.infer<typeof ArticleMatter> {
  html: string;
  readTime: number;
}

const slugify = (text: string, locale: Locale) =>
  text
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/&[a-z#0-9]+;/g, '')
    // A Hindi heading keeps its own letters (and their vowel signs) in its id.
    .replace(locale === 'en' ? /[^a-z0-9]+/g : /[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');

/** A heading may name its id, `## शिकायत अधिकारी {#grievance-officer}`, so a translation keeps the English anchor. */
const NAMED_ID = /\s*\{#([a-z0-9]+(?:-[a-z0-9]+)*)\}$/;

/** The label of a table's scrolling box, in the page's language. */
const TABLE_LABEL: Record<Locale, string> = { en: 'Table', hi: 'टेबल' };

const markdownIn = (locale: Locale) =>
  new Marked({
    gfm: true,
    renderer: {
      // Headings get ids, so a section can be linked to.
      heading({ tokens, depth }: Tokens.Heading) {
        const parsed = this.parser.parseInline(tokens);
        const named = NAMED_ID.exec(parsed);
        const inner = named ? parsed.slice(0, named.index) : parsed;
        return `<h${depth} id="${named ? named[1] : slugify(inner, locale)}">${inner}</h${depth}>\n`;
      },
      // A table scrolls inside its own box on narrow screens.
      table(token: Tokens.Table) {
        const cells = (row: Tokens.TableCell[], tag: 'th' | 'td') =>
          `<tr>${row.map((c) => `<${tag}>${this.parser.parseInline(c.tokens)}</${tag}>`).join('')}</tr>`;
        const body = token.rows.map((r) => cells(r, 'td')).join('\n');
        return `<div class="table-scroll" role="region" aria-label="${TABLE_LABEL[locale]}" tabindex="0"><table><thead>${cells(token.header, 'th')}</thead><tbody>${body}</tbody></table></div>\n`;
      },
    },
  });

const MARKDOWN: Record<Locale, Marked> = { en: markdownIn('en'), hi: markdownIn('hi') };

/** Splits `---\nyaml\n---\nbody`. */
function splitFrontMatter(source: string, file: string): { data: unknown; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${file}: no front matter`);
  try {
    return { data: parseYaml(match[1]!), body: match[2]! };
  } catch (err) {
    // The parser's message gives the line and column within the front matter, but not the file.
    throw new Error(`${file}: malformed YAML front matter: ${(err as Error).message}`);
  }
}

/** The settings the text may name, by placeholder: null when unset. */
function placeholders(contact: SiteContact): Record<string, string | null> {
  const officer = contact.grievanceOfficer;
  return {
    support_email: contact.supportEmail,
    grievance_officer_name: officer?.name ?? null,
    grievance_officer_email: officer?.email ?? null,
    grievance_hours: officer ? String(officer.responseHours) : null,
  };
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
/** A setting's value as Markdown text: its punctuation escaped, so a name or an address is only text. */
const escapeMarkdown = (value: string) => value.replace(/[\\`*_{}[\]()<>#+!|~-]/g, '\\$&');

/**
 * The Markdown's blocks with the settings filled in: a paragraph or list item naming an unset one is left out,
 * then a heading with nothing left under it; a placeholder anywhere else, or an unknown one, is an error.
 */
function withSettings(body: string, file: string, contact: SiteContact, markdown: Marked): Token[] {
  const values = placeholders(contact);
  const filled = body.replace(PLACEHOLDER, (whole, name: string) => {
    if (!(name in values)) throw new Error(`${file}: unknown setting ${whole}`);
    const value = values[name];
    return value == null ? whole : escapeMarkdown(value);
  });
  const unset = (raw: string) => /\{\{\w+\}\}/.test(raw);
  const kept = markdown.lexer(filled).flatMap((t): Token[] => {
    if (t.type === 'paragraph') return unset(t.raw) ? [] : [t];
    if (t.type === 'list') {
      const items = (t as Tokens.List).items.filter((item) => !unset(item.raw));
      return items.length ? [{ ...t, items } as Tokens.List] : [];
    }
    if (unset(t.raw)) throw new Error(`${file}: a setting can only be named in a paragraph or list item`);
    return [t];
  });
  // A heading whose section lost everything goes too (the next block is a heading as high, or nothing).
  const blocks = kept.filter((t) => t.type !== 'space');
  return blocks.filter((t, i) => {
    if (t.type !== 'heading') return true;
    const next = blocks[i + 1];
    return next !== undefined && !(next.type === 'heading' && (next as Tokens.Heading).depth <= t.depth);
  });
}

function render(
  body: string,
  file: string,
  contact: SiteContact,
  locale: Locale = 'en',
): { html: string; text: string } {
  if (/^#\s/m.test(body)) throw new Error(`${file}: use ## and below (the page's title is its h1)`);
  if (/<[a-z!/]/i.test(body.replace(/`[^`]*`/g, ''))) throw new Error(`${file}: raw HTML is not allowed`);
  const markdown = MARKDOWN[locale];
  const rendered = markdown.parser(withSettings(body, file, contact, markdown));
  for (const [, href] of rendered.matchAll(/\shref="([^"]*)"/g)) {
    if (!/^(\/(?!\/)|#|https:\/\/|mailto:)/.test(href!))
      throw new Error(`${file}: link ${href} is not allowed`);
  }
  // A Hindi page's links to the site's pages go to their Hindi pages ('/help-center' → '/hi/help-center').
  const html =
    locale === 'en'
      ? rendered
      : rendered.replace(
          /(\shref=")(\/(?!\/)[^"]*)"/g,
          (_, start: string, path: string) => `${start}${localizePath(path, locale)}"`,
        );
  const text = html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
  return { html, text };
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
/** Reading time at 200 words a minute, at least one minute. */
const readTimeOf = (text: string) => Math.max(1, Math.round(words(text) / 200));

/** A Markdown file: its front matter checked against `schema`, its body rendered; any fault names the file. */
function readMarkdown<T extends z.ZodType>(
  file: string,
  schema: T,
  contact: SiteContact,
  locale: Locale = 'en',
) {
  const { data, body } = splitFrontMatter(readFileSync(file, 'utf8'), file);
  const matter = schema.safeParse(data);
  if (!matter.success) throw new Error(`${file}: ${z.prettifyError(matter.error)}`);
  return { matter: matter.data as z.output<T>, ...render(body, file, contact, locale) };
}

/** A help, legal or company page; its Hindi text is in the folder's `hi/` beside it, under the same name. */
function readPage(
  dir: string,
  slug: string,
  contact: SiteContact,
  order = 0,
  locale: Locale = 'en',
): BundledPage {
  const file = locale === 'en' ? join(dir, `${slug}.md`) : join(dir, locale, `${slug}.md`);
  const { matter, html, text } = readMarkdown(file, PageMatter, contact, locale);
  return {
    slug,
    title: matter.title,
    summary: matter.summary,
    order,
    updated: matter.updated ?? null,
    effective: matter.effective ?? null,
    revised: matter.revised,
    html,
    text,
  };
}

/** The help center and the legal and company pages in one language. */
export interface PageSet {
  help: BundledPage[];
  pages: Map<PageSlug, BundledPage>;
}

export interface ContentBundle extends PageSet {
  /**
   * The same pages in Hindi (issue 25), from help/hi and pages/hi: every one has its Hindi file (the articles
   * stay in English).
   */
  hindi: PageSet;
  articles: BundledArticle[];
  /** The banner SVGs by file name. */
  banners: Map<string, string>;
}

/** The bundle, with how to reach us from the settings (none set: those sentences are left out). */
export function loadContent(dir = CONTENT_DIR, contact: SiteContact = NO_CONTACT): ContentBundle {
  const pageSet = (locale: Locale): PageSet => ({
    help: HELP_SLUGS.map((slug, i) => readPage(join(dir, 'help'), slug, contact, i + 1, locale)),
    pages: new Map(PAGE_SLUGS.map((slug) => [slug, readPage(join(dir, 'pages'), slug, contact, 0, locale)])),
  });
  const { help, pages } = pageSet('en');
  const hindi = pageSet('hi');
  const articleDir = join(dir, 'articles');
  const banners = new Map<string, string>();
  const articles = readdirSync(articleDir)
    .filter((f) => f.endsWith('.md'))
    .map((name) => {
      const { matter, html, text } = readMarkdown(join(articleDir, name), ArticleMatter, contact);
      const svg = readFileSync(join(articleDir, 'banners', matter.banner), 'utf8');
      if (/<script|<style|<foreignObject|\sstyle=|\son\w+=|href="(?!#)/i.test(svg)) {
        throw new Error(`${matter.banner}: unsafe SVG (scripts, styles, handlers or outside references)`);
      }
      banners.set(matter.banner, svg);
      return { ...matter, html, readTime: readTimeOf(text) };
    })
    .sort((a, b) => b.publishDate.localeCompare(a.publishDate) || b.id - a.id);
  const ids = new Set(articles.map((a) => a.id));
  if (ids.size !== articles.length) throw new Error(`${articleDir}: two articles share an id`);
  return { help, pages, hindi, articles, banners };
}
