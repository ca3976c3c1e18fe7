/**
 * What the server hands to the web app's loaders (React Router's load context). Types only: the web app
 * never imports server code, and loaders get the same objects the JSON API returns.
 */
import type {
  BrandsResponse,
  CatalogueInfo,
  HomePage,
  ProductCard,
  ProductDetail,
  ProductPage,
  SearchPage,
  TrendKind,
} from './api-types.ts';
import type { BrowseQuery } from './browse.ts';
import type { BrandPage, BrandQuery, Budget, BudgetPage, ComparedWith } from './discovery.ts';
import type { PriceHistory } from './catalogue-prices.ts';
import type { ReviewQuery } from './community.ts';
import type { Transparency } from './moderation-constants.ts';
import type {
  Comment,
  Page,
  PublicProfile,
  Question,
  ReviewsPage,
  ReviewWithProduct,
} from './community-api.ts';
import type { CampaignView } from './campaign.ts';
import type { CategoryId } from './constants.ts';
import type { HouseAd } from './payments.ts';
import type { Locale } from './locale.ts';
import type { SiteContact } from './site-contact.ts';
import type {
  Article,
  ArticleComment,
  ArticleSummary,
  ContentPage,
  HelpPageSummary,
  HelpSearchResult,
  PageSlug,
} from './content-api.ts';

export interface CatalogueReads {
  /**
   * A model's page: any of its variant ids opens it with that variant selected (a model id: its default);
   * `variantId` (?variant=) must be one of the model's variants, else 400 VARIANT_NOT_OF_PRODUCT.
   */
  getProduct(id: number, variantId?: number): Promise<ProductDetail>;
  /** Where a merged model's or variant's old id lives now (301), or null. */
  movedTo(id: number): Promise<number | null>;
  /** How old the catalogue is (also in the load context as `catalogueInfo`). */
  catalogueInfo(): Promise<CatalogueInfo>;
  similarProducts(id: number): Promise<ProductCard[]>;
  /** A model's observed prices (any of its ids), every variant's, oldest first (issue 19). */
  priceHistory(id: number): Promise<PriceHistory>;
  getBrands(
    category: CategoryId,
    options: { withRanges: boolean; releasedWithinMonths?: number | undefined },
  ): Promise<BrandsResponse>;
  homePage(category: CategoryId): Promise<HomePage>;
  trendList(kind: TrendKind, category: CategoryId, page: number, size: number): Promise<ProductPage>;
  browse(query: BrowseQuery): Promise<ProductPage>;
}

/** The pages made to be found (issue 24): versus, brand and budget pages. */
export interface DiscoveryReads {
  /** The default variant ids of the models named by these product slugs (null: no listed model has it). */
  resolveModels(slugs: readonly string[]): Promise<(number | null)[]>;
  /** The listed models people compare most with this one (any of its ids). */
  comparedWith(id: number): Promise<ComparedWith[]>;
  /** A brand's page, or null when no brand has this slug. */
  brand(slug: string, query: BrandQuery): Promise<BrandPage | null>;
  budget(limit: Budget): Promise<BudgetPage>;
}

export interface SearchReads {
  search(query: string, page: number, size: number): Promise<SearchPage>;
}

/** Community reads as a visitor sees them (the server never knows the viewer: the token is in local storage). */
export interface CommunityReads {
  reviews(productId: number, query: ReviewQuery): Promise<ReviewsPage>;
  /** One review of this product, or 404. */
  review(productId: number, reviewId: number): Promise<ReviewWithProduct>;
  /** A page of a review's comments, oldest first (404 if the review is not of this product). */
  comments(productId: number, reviewId: number, page: number, size: number): Promise<Page<Comment>>;
  questions(productId: number, page: number, size: number): Promise<Page<Question>>;
  profile(username: string, page: number, size: number): Promise<PublicProfile>;
  /** The transparency report's live figures (/transparency). */
  transparency(): Promise<Transparency>;
}

/** The text shipped with the site, and articles' counters and comments as a visitor sees them. */
export interface ContentReads {
  articles(): ArticleSummary[];
  /** 404 ARTICLE_NOT_FOUND for an unknown id. */
  article(id: number): Promise<Article>;
  articleComments(id: number, page: number, size: number): Promise<Page<ArticleComment>>;
  /** The help center and the legal and company pages in the page's language (English when not given). */
  helpPages(locale?: Locale): HelpPageSummary[];
  helpPage(slug: string, locale?: Locale): ContentPage | null;
  searchHelp(query: string, locale?: Locale): HelpSearchResult[];
  page(slug: PageSlug, locale?: Locale): ContentPage;
}

export interface CampaignReads {
  /** The campaign that replaces the whole app now, if any. */
  live(): Promise<CampaignView | null>;
  /** The campaign /user-campaign shows. */
  current(): Promise<CampaignView>;
}

export interface AdReads {
  /** A house ad for this page load, or null when none is active. */
  pick(): Promise<HouseAd | null>;
}

export interface WebServices {
  catalogue: CatalogueReads;
  search: SearchReads;
  discovery: DiscoveryReads;
  communityReads: CommunityReads;
  contentReads: ContentReads;
  campaignReads: CampaignReads;
  adReads: AdReads;
}

/** Which sign-in methods this site offers (the Google button shows only when configured). */
export interface AuthOptions {
  google: boolean;
}

export interface WebLoadContext {
  services: WebServices;
  /** The site's public address (PUBLIC_URL), for canonical URLs, Open Graph and structured data. */
  origin: string;
  auth: AuthOptions;
  /** The request carries a valid ad-free cookie (a running ReviewPass): its first HTML has no ads. */
  adFree: boolean;
  /** Support address, social links and grievance officer, from the settings: each shown only when set. */
  contact: SiteContact;
  /** A ReviewPass can be bought (Razorpay or the test checkout takes payments). */
  payments: boolean;
  /** How old the catalogue is: "Catalogue prices as of …" site-wide (issue 18). */
  catalogueInfo: CatalogueInfo;
  /**
   * Counts a product page's view: noted with the rendered page, so every visitor it is served to is counted,
   * from the cache too (bots are not counted, nor views while a campaign is live).
   */
  countView(productId: number): void;
  /** Counts a comparison of these models (products.id), noted with the page like a view (issue 24). */
  countComparison(modelIds: readonly number[]): void;
  /**
   * The production build's stylesheets by address (`/assets/app-….css` → its bytes), written into the page as
   * inline `<style>` elements instead of render-blocking links (decision 0024); absent in development.
   */
  styles?: ReadonlyMap<string, Uint8Array>;
  /** Logs an error of this request (a loader's, a render's) as a JSON line of the server's log. */
  reportError(err: unknown): void;
}
