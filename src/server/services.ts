import { join, resolve } from 'node:path';
import type { Database } from '../db/client.ts';
import type { WebServices } from '../shared/web-context.ts';
import type { Config } from './config.ts';
import { CatalogueService } from './modules/catalogue/service.ts';
import { ViewCounter } from './modules/catalogue/view-counter.ts';
import { CompareCounter } from './modules/discovery/compare-counter.ts';
import { DiscoveryService } from './modules/discovery/service.ts';
import { SearchService } from './modules/search/service.ts';
import { CatalogueEditing } from './modules/catalogue-editing/service.ts';
import { CaptchaService } from './modules/account/captcha.ts';
import { OneTimeTokens } from './modules/account/one-time-tokens.ts';
import { AccountService } from './modules/account/service.ts';
import { type AvatarStore, DatabaseAvatarStore } from './modules/account/avatar-store.ts';
import { SessionService } from './modules/account/sessions.ts';
import { SESSION_TOPIC } from './modules/account/session-cache.ts';
import { type Community, createCommunity } from './modules/community/index.ts';
import { isBot } from './lib/bots.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { MailOutbox, type MailLog } from './lib/mail-outbox.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { RecommendationService } from './modules/preferences/recommendations.ts';
import { PreferenceService } from './modules/preferences/service.ts';
import { FavouriteService } from './modules/favourites/service.ts';
import { PriceAlertService } from './modules/price-alerts/service.ts';
import { NotificationService, UNREAD_TOPIC } from './modules/notifications/service.ts';
import { NotificationDigest } from './modules/notifications/digest.ts';
import { CampaignService } from './modules/campaign/service.ts';
import { ArticleService } from './modules/content/articles.ts';
import { CONTENT_DIR, type ContentBundle, loadContent } from './modules/content/bundle.ts';
import { PageService } from './modules/content/pages.ts';
import { HelpRequestService } from './modules/help/service.ts';
import { SitemapService } from './modules/seo/sitemap.ts';
import { AdService } from './modules/payments/ads.ts';
import { PassCookie } from './modules/payments/pass-cookie.ts';
import { NoPaymentProvider, type PaymentProvider } from './modules/payments/provider.ts';
import { RazorpayProvider } from './modules/payments/razorpay.ts';
import { PaymentService } from './modules/payments/service.ts';
import { TestCheckoutProvider } from './modules/payments/test-checkout.ts';
import { AppealService } from './modules/moderation/appeals.ts';
import { ProofService } from './modules/moderation/proofs.ts';
import { transparencyReport } from './modules/moderation/transparency.ts';
import { ModerationService } from './modules/moderation/service.ts';
import { CorrectionService } from './modules/corrections/service.ts';
import { CacheBus } from './lib/cache-bus.ts';
import { PAGE_STALE_MS, PageCache } from './web/page-cache.ts';
import { connectRedis, type RedisLink } from './lib/redis.ts';
import { RedisWindows } from './modules/community/redis-windows.ts';
import { forgetPhoto } from './modules/images/photo-routes.ts';

export interface Services extends WebServices {
  database: Database;
  config: Config;
  catalogue: CatalogueService;
  views: ViewCounter;
  /** Which models people compare (issue 24), counted like views. */
  comparisons: CompareCounter;
  /** Versus, brand and budget pages and "Often compared with" (issue 24). */
  discovery: DiscoveryService;
  search: SearchService;
  /** The editors' changes to the catalogue (issue 19). */
  catalogueEditing: CatalogueEditing;
  /** Corrections suggested by members, and the editors' queue of them (issue 19). */
  corrections: CorrectionService;
  clock: Clock;
  mailer: Mailer;
  /** Emails queued with their change and sent from the database (decision 0020); start.ts runs its sender. */
  mailOutbox: MailOutbox;
  preferences: PreferenceService;
  favourites: FavouriteService;
  priceAlerts: PriceAlertService;
  notifications: NotificationService;
  digest: NotificationDigest;
  recommendations: RecommendationService;
  sessions: SessionService;
  tokens: OneTimeTokens;
  captcha: CaptchaService;
  account: AccountService;
  community: Community;
  /** The text shipped with the site (src/content), loaded at start-up. */
  content: ContentBundle;
  articles: ArticleService;
  pages: PageService;
  help: HelpRequestService;
  campaigns: CampaignService;
  sitemap: SitemapService;
  payments: PaymentService;
  passCookie: PassCookie;
  moderation: ModerationService;
  appeals: AppealService;
  proofs: ProofService;
  /** Profile photos, in the database (decision 0021). */
  avatars: AvatarStore;
  /** Where earlier versions kept uploaded files ($DATA_DIR/uploads): read once, to move them into the database. */
  uploadsDir: string;
  /** Redis, when REDIS_URL is set: shared limits and cache invalidation (decision 0018); closed with the app. */
  redis: RedisLink | null;
  /** Drops cached reads on every node after a write. */
  caches: CacheBus;
  /** Signed-out visitors' rendered pages (decision 0023); emptied on every node by any invalidation. */
  pageCache: PageCache;
  /** Drops every cached page on every node (after any write). */
  invalidatePages(): Promise<void>;
  isBot(userAgent: string | null | undefined): boolean;
  /** Counts a product page view (batched; bots are not counted, nor views while a campaign is live). */
  recordView(productId: number, userAgent: string | null): void;
  /** Counts a comparison of these models (batched; bots are not counted, nor comparisons during a campaign). */
  recordComparison(modelIds: readonly number[], userAgent: string | null): void;
}

export interface ServiceOptions {
  /** Tests pass a clock they move by hand. */
  clock?: Clock;
  /** Where the email sender reports what it did (each .eml written, each failed attempt); start.ts logs it. */
  log?: MailLog;
  /** Told when Redis becomes unreachable (once per outage) and reachable again. */
  onRedis?: (down: unknown) => void;
}

export function createServices(
  database: Database,
  config: Config,
  onError: (err: unknown) => void,
  { clock = systemClock, log = () => {}, onRedis = () => {} }: ServiceOptions = {},
): Services {
  const redis = config.redisUrl
    ? connectRedis(config.redisUrl, config.redisPrefix, {
        onDown: (err) => onRedis(err),
        onUp: () => onRedis(null),
      })
    : null;
  const caches = new CacheBus(redis, onError);
  caches.on('photo', (id) => forgetPhoto(id === undefined ? undefined : Number(id)));
  const pageCache = new PageCache({
    freshMs: config.pageCacheSeconds * 1000,
    staleMs: PAGE_STALE_MS,
    redis,
    onError,
  });
  // Whatever another node or a service forgets, a page may show it.
  caches.onAny(() => pageCache.forgetHere());
  const invalidatePages = async () => {
    await pageCache.invalidate();
    await caches.invalidate('pages');
  };
  const views = new ViewCounter(database.db, onError);
  const comparisons = new CompareCounter(database.db, onError);
  const dataDir = resolve(config.dataDir);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: join(dataDir, 'outbox'),
    log: (subject, file) => log('info', { subject, file }, 'email written to the outbox'),
  });
  const mailOutbox = new MailOutbox(database.db, mailer, clock, log, onError);
  const sessions = new SessionService(database.db, clock);
  const notifications = new NotificationService(database.db, clock);
  // 'pages' is said after every write through the API, on every node: what a node remembers of sessions and
  // unread counts may be out of date from then on (decision 0032).
  caches.on('pages', () => {
    sessions.forgetAll();
    notifications.forgetCounts();
  });
  caches.on(UNREAD_TOPIC, () => notifications.forgetCounts());
  caches.on(SESSION_TOPIC, () => sessions.forgetAll());
  const tokens = new OneTimeTokens(database.db, clock);
  const captcha = new CaptchaService(database.db, clock);
  const imageUrl = (file: string | null) => (file ? `/uploads/avatars/${file}` : null);
  const account = new AccountService({
    db: database.db,
    clock,
    outbox: mailOutbox,
    sessions,
    tokens,
    captcha,
    publicUrl: config.publicUrl,
    imageUrl,
    onError,
  });
  const community = createCommunity({
    db: database.db,
    clock,
    sessions,
    imageUrl,
    postingLimits: config.postingLimits,
    // While Redis is down the limits hold per process (its outage is told once, through onRedis).
    windows: redis ? new RedisWindows(redis.command) : undefined,
    // A review's counters are on the product's page and in its summary: every node shows the new ones at once.
    bus: caches,
  });
  const preferences = new PreferenceService(database.db, clock);
  const content = loadContent(CONTENT_DIR, config.contact);
  const articles = new ArticleService(community.deps, content.articles);
  const pages = new PageService(content);
  const campaigns = new CampaignService(database.db, clock, onError);
  // Razorpay when its keys are set, else the built-in test checkout (whose webhooks go to the same code) where
  // allowed, else none.
  const provider: PaymentProvider = config.razorpay
    ? new RazorpayProvider(config.razorpay, config.publicUrl, onError)
    : config.testCheckout
      ? new TestCheckoutProvider(
          database.db,
          clock,
          config.testCheckoutSettleMs,
          (body, signature) => payments.webhook(body, signature),
          onError,
        )
      : new NoPaymentProvider();
  const payments: PaymentService = new PaymentService(database.db, clock, provider);
  const ads = new AdService(database.db, onError);
  const catalogue = new CatalogueService(database.db, caches);
  const search = new SearchService(database.db, { cacheMs: config.searchCacheMs, bus: caches });
  const moderation = new ModerationService(database.db, clock, (productId) =>
    caches.invalidate('catalogue-model', String(productId)),
  );
  return {
    database,
    config,
    clock,
    mailer,
    mailOutbox,
    preferences,
    favourites: new FavouriteService(database.db, clock),
    priceAlerts: new PriceAlertService(database.db, clock),
    notifications,
    digest: new NotificationDigest(database.db, clock, mailOutbox, config.publicUrl),
    recommendations: new RecommendationService(database.db, preferences),
    sessions,
    tokens,
    captcha,
    account,
    community,
    content,
    articles,
    pages,
    help: new HelpRequestService(database.db, clock),
    campaigns,
    sitemap: new SitemapService(database.db),
    payments,
    passCookie: new PassCookie(database.db, clock, config.publicUrl.startsWith('https:')),
    moderation,
    appeals: new AppealService(database.db, clock, moderation),
    proofs: new ProofService(database.db, clock, (productId) =>
      caches.invalidate('catalogue-model', String(productId)),
    ),
    avatars: new DatabaseAvatarStore(database.db),
    uploadsDir: join(dataDir, 'uploads'),
    redis,
    caches,
    pageCache,
    invalidatePages,
    catalogue,
    views,
    comparisons,
    discovery: new DiscoveryService(database.db, caches),
    search,
    catalogueEditing: new CatalogueEditing(database.db, catalogue, search),
    corrections: new CorrectionService(database.db, clock, community.deps.limits, catalogue, search),
    isBot,
    communityReads: {
      reviews: (productId, query) => community.reviews.list(productId, query, null),
      review: (productId, reviewId) => community.reviews.get(productId, reviewId, null),
      comments: (productId, reviewId, page, size) =>
        community.comments.list(reviewId, page, size, null, productId),
      questions: (productId, page, size) => community.questions.list(productId, page, size, null),
      profile: (username, page, size) => community.social.profile(username, page, size, null),
      transparency: () => transparencyReport(database.db),
    },
    contentReads: {
      articles: () => articles.list(),
      article: (id) => articles.get(id, null),
      articleComments: (id, page, size) => articles.comments(id, page, size, null),
      helpPages: (locale) => pages.helpPages(locale),
      helpPage: (slug, locale) => pages.helpPage(slug, locale),
      searchHelp: (query, locale) => pages.searchHelp(query, locale),
      page: (slug, locale) => pages.page(slug, locale),
    },
    adReads: { pick: () => ads.pick() },
    campaignReads: { live: () => campaigns.live(), current: () => campaigns.current() },
    // While a campaign stands in for every page (every page load checks), nobody sees the product.
    recordView: (productId, userAgent) => {
      if (!isBot(userAgent) && !campaigns.lastLive) views.record(productId);
    },
    recordComparison: (modelIds, userAgent) => {
      if (!isBot(userAgent) && !campaigns.lastLive) comparisons.record(modelIds);
    },
  };
}
