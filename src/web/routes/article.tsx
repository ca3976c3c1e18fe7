import { useEffect, useState } from 'react';
import { data, redirect } from 'react-router';
import type { ReactionResult } from '../../shared/community-api.ts';
import type { Article } from '../../shared/content-api.ts';
import { NAV_INDEX, PAGE_SIZE, PLATFORM_API } from '../../shared/constants.ts';
import { formatCount, formatDate } from '../../shared/format.ts';
import { localizePath } from '../../shared/locale.ts';
import { useCommunityApi } from '../features/community/community-api.ts';
import { ReactionButtons } from '../features/community/reaction-buttons.tsx';
import { Breadcrumbs } from '../features/content/breadcrumbs.tsx';
import { RichText } from '../features/content/rich-text.tsx';
import { contentTexts } from '../features/content/texts.ts';
import contentStylesHref from '../features/content/content.css?url';
import reviewStylesHref from '../features/reviews/reviews.css?url';
import { useSession } from '../features/session/session.tsx';
import { localeOfRequest, useLocale } from '../i18n/i18n.tsx';
import { island } from '../lib/island.tsx';
import { head } from '../lib/meta.ts';
import { articleLd, breadcrumbList } from '../lib/structured-data.ts';
import type { Route } from './+types/article';

// The comments and their form (with the schemas it validates by) load as the reader comes near them: the first
// load of an article carries only what its top needs (decision 0007).
const Comments = island(() => import('../features/reviews/comments.tsx').then((m) => m.default));

/** Shows the page load's house ad (issue 8). */
export const handle = { nav: NAV_INDEX.articles, ads: true };
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: contentStylesHref },
  // The comments' styles (shared with reviews).
  { rel: 'stylesheet', href: reviewStylesHref },
];

/** /articles/{slug}-{id}: the id decides; any other slug redirects to the article's own address. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const match = /^(.*)-(\d{1,9})$/.exec(params.slugId);
  if (!match) throw data('Not found', { status: 404 });
  const { contentReads } = context.services;
  const id = Number(match[2]);
  let article: Article;
  let comments: Awaited<ReturnType<typeof contentReads.articleComments>>;
  try {
    [article, comments] = await Promise.all([
      contentReads.article(id),
      contentReads.articleComments(id, 0, PAGE_SIZE.comment),
    ]);
  } catch (err) {
    if ((err as { status?: number }).status === 404) throw data('Not found', { status: 404 });
    throw err;
  }
  if (params.slugId !== `${article.slug}-${article.id}`) {
    throw redirect(article.href + new URL(request.url).search, 301);
  }
  const locale = localeOfRequest(request);
  const t = contentTexts.t(locale);
  const trail = [
    { name: t('home'), href: '/home' },
    { name: t('articles'), href: '/articles' },
    { name: article.navTitle },
  ];
  return {
    article,
    comments,
    trail,
    head: head({
      title: article.title,
      description: article.summary,
      origin: context.origin,
      path: article.href,
      locale,
      type: 'article',
      image: article.bannerPng,
      jsonLd: [
        articleLd(context.origin, article),
        // The trail's addresses in the page's language.
        breadcrumbList(
          context.origin,
          trail.map((c) => (c.href ? { ...c, href: localizePath(c.href, locale) } : c)),
          localizePath(article.href, locale),
        ),
      ],
    }),
  };
}

export const meta = ({ data: d }: Route.MetaArgs) => d?.head ?? [];

/**
 * An article: rendered by the server in full, with its first comments. Signed in, its reactions are fetched
 * again with the token so the viewer's own Like or Dislike shows.
 */
export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article: a, comments, trail } = loaderData;
  const t = contentTexts.useT();
  const locale = useLocale();
  // Articles are in English on the Hindi site too: their title, picture and body say so.
  const english = locale === 'en' ? undefined : 'en';
  const { token } = useSession();
  const api = useCommunityApi();
  const [total, setTotal] = useState(a.comments);
  // Signed in, the article again with the viewer's own reaction (ReactionButtons keeps later clicks itself).
  const [fetched, setFetched] = useState<Article | null>(null);
  const shown = fetched?.id === a.id ? fetched : a;

  useEffect(() => {
    if (!token) return;
    let live = true;
    api
      .get<{ article: Article }>(`${PLATFORM_API}/get-article/${a.id}`)
      .then(({ article }) => live && setFetched(article))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [token, api, a.id]);

  return (
    <div className="page article-page">
      <Breadcrumbs trail={trail} />
      <article aria-labelledby="article-title">
        <header className="article-header">
          <img
            className="article-banner"
            src={a.banner}
            alt={a.bannerAlt}
            lang={english}
            width={1200}
            height={630}
            fetchPriority="high"
          />
          <h1 id="article-title" lang={english}>
            {a.title}
          </h1>
          <p className="article-byline">
            <span>{t('by', { author: a.author })}</span>
            <span>
              {t('publishedOn')} <time dateTime={a.publishDate}>{formatDate(a.publishDate, locale)}</time>
            </span>
            <span>{t('minRead', { count: a.readTime })}</span>
          </p>
        </header>
        {/* Articles are in English on the Hindi site too. */}
        <RichText html={a.content} className="rich-text prose" lang={english} />
      </article>
      <section className="article-community" aria-label={t('reactionsAndComments')}>
        <div className="article-reactions">
          <span>{t('wasUseful')}</span>
          <ReactionButtons
            key={`${a.id}-${token ? 'in' : 'out'}`}
            kind="like"
            subject="article"
            counts={[shown.likes, shown.dislikes]}
            mine={shown.my_reaction}
            send={(reaction) =>
              api.post<ReactionResult>(`${PLATFORM_API}/articles/${a.id}/react/${reaction}`)
            }
          />
          <span className="muted small">{t('comments', { count: formatCount(total) })}</span>
        </div>
        <Comments
          key={a.id}
          props={{ target: { article: a.id }, initial: comments, onTotal: setTotal, level: 2 }}
        />
      </section>
    </div>
  );
}
