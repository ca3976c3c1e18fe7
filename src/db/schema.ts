import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AttributeValue } from '../shared/attributes.ts';
import { MIN_REVIEWS_FOR_RATING } from '../shared/constants.ts';

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/** A phone's rating from its spec score (decision 0009): 2 + 2.5 × spec score / 100, so 2.0 to 4.5, or 3. */
const PRIOR = 'coalesce(2 + 0.025::float8 * spec_score, 3)';
/**
 * A recommendation score from a review sum in half steps (decision 0009), as a generated column's expression:
 * from 10 reviews (when the site shows a rating), the Bayesian average of the owners' ratings and 5 imaginary
 * reviews at the spec rating; below that, the spec rating alone: a rating from fewer reviews is never used.
 */
const rated = (sum: string) =>
  sql.raw(
    `CASE WHEN total_reviews >= ${MIN_REVIEWS_FOR_RATING} ` +
      `THEN (5 * ${PRIOR} + 0.5::float8 * ${sum}) / (5 + total_reviews) ELSE ${PRIOR} END`,
  );

export const categories = pgTable('categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
});

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('brands_category_name_uq').on(t.categoryId, t.name)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    model: text('model').notNull(),
    /**
     * A product is a model (issue 18): one page, one set of reviews, questions, upvotes, views and ratings for
     * all its RAM/storage variants (product_variants). These columns describe its default variant (the
     * cheapest available): its label, its price (the model's "from" price) and its id (the canonical URL).
     */
    variant: text('variant').notNull().default(''),
    price: integer('price'),
    /** The highest price of its variants (AggregateOffer's highPrice). */
    priceMax: integer('price_max'),
    defaultVariantId: integer('default_variant_id'),
    variantCount: smallint('variant_count').notNull().default(1),
    /**
     * What groups its variants: the catalogue's model_key for phones, brand|model|variant for cars and
     * motorbikes (one variant each). Null only between migration 0013 and the first import after it.
     */
    modelKey: text('model_key'),
    releaseDate: date('release_date', { mode: 'string' }),
    /** confirmed (a spec source confirms it), partial (a price list only) or rumoured (hidden). */
    listingConfidence: text('listing_confidence').notNull().default('confirmed'),
    /** Confirmed listings: only they headline trend lists and recommendations. */
    verified: boolean('verified').notNull().default(true),
    /** Hidden listings (rumoured ones) answer 404 and are left out of every list, search and sitemap. */
    hidden: boolean('hidden').notNull().default(false),
    /** Why an editor hid it (rumoured, wrong, duplicate), shown to editors; null when it is listed. */
    hiddenReason: text('hidden_reason'),
    /** rumoured, announced, available or discontinued (issue 19): what the maker says of it. */
    status: text('status').notNull().default('available'),
    /** Its first photo (product_photos), the product's image everywhere; null: the drawn placeholder. */
    photoId: integer('photo_id'),
    /** The model's attributes: each one from its default variant, else from the first variant that knows it. */
    attributes: jsonb('attributes').$type<Record<string, AttributeValue>>().notNull(),
    /** How many of the category's 24 attributes are known. */
    knownAttributes: smallint('known_attributes').notNull().default(0),
    /** Where the data comes from: the spec source and the price list, in words ("Specs from …, price …"). */
    sources: jsonb('sources').$type<{ specs: string | null; price: string | null }>(),
    prime1: real('prime_1'),
    prime2: real('prime_2'),
    /** Feature tokens for the browse checkboxes, e.g. {5g,nfc}. */
    features: text('features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Attribute-option tokens for the browse attribute filter, e.g. {ram_8,storage_128}. */
    facets: text('facets')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    specScore: smallint('spec_score'),
    ratingValue: real('rating_value').notNull().default(0),
    /** Sums over the product's reviews, in half steps (rating × 2): averages are sum / total_reviews / 2. */
    ratingSum: integer('rating_sum').notNull().default(0),
    buildQualitySum: integer('build_quality_sum').notNull().default(0),
    featuresSum: integer('features_sum').notNull().default(0),
    lookAndFeelSum: integer('look_and_feel_sum').notNull().default(0),
    performanceSum: integer('performance_sum').notNull().default(0),
    /** The rating distribution: reviews per star (reviews.star). */
    stars1: integer('stars_1').notNull().default(0),
    stars2: integer('stars_2').notNull().default(0),
    stars3: integer('stars_3').notNull().default(0),
    stars4: integer('stars_4').notNull().default(0),
    stars5: integer('stars_5').notNull().default(0),
    totalReviews: integer('total_reviews').notNull().default(0),
    /**
     * Reviews whose author got the phone free or at a discount, or was paid (issue 22): listed and labelled, but
     * out of every counter above (total, sums, stars), so out of the rating; their own count and overall sum.
     */
    incentivisedReviews: integer('incentivised_reviews').notNull().default(0),
    incentivisedSum: integer('incentivised_sum').notNull().default(0),
    views: integer('views').notNull().default(0),
    upvotes: integer('upvotes').notNull().default(0),
    /** Popularity: a view counts 1, an upvote 10, a review 20. Orders search hits and the browse default. */
    popularity: integer('popularity').generatedAlwaysAs(sql`views + 10 * upvotes + 20 * total_reviews`),
    /**
     * Recommendation scores (decision 0009), kept by PostgreSQL so each list is an index walk: from 10 reviews,
     * Bayesian averages of the owners' ratings with 5 imaginary reviews at the spec rating (2 + 2.5 × spec
     * score / 100, or 3); below 10 reviews, the spec rating alone. rec_value is that score × price^-¼ (Budget
     * Match: the budget's middle only scales it).
     */
    recRating: doublePrecision('rec_rating').generatedAlwaysAs(rated('rating_sum')),
    recValue: doublePrecision('rec_value').generatedAlwaysAs(
      sql`${rated('rating_sum')} * power(greatest(price, 1)::float8, -0.25)`,
    ),
    recBuildQuality: doublePrecision('rec_build_quality').generatedAlwaysAs(rated('build_quality_sum')),
    recFeatures: doublePrecision('rec_features').generatedAlwaysAs(rated('features_sum')),
    recLookAndFeel: doublePrecision('rec_look_and_feel').generatedAlwaysAs(rated('look_and_feel_sum')),
    recPerformance: doublePrecision('rec_performance').generatedAlwaysAs(rated('performance_sum')),
    /** Search words of brand, model and variant (src/shared/search.ts), space-separated. */
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('simple', search_text)`),
    /** 1 Top-rated, 2 Popular, 3 Trending; recomputed by refreshTrendLabels(). */
    trendLabel: smallint('trend_label'),
    /** Marked by moderators as inaccurate or missing information, to be fixed (issue 9); the page says so. */
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    flagReason: text('flag_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the product's page last changed: its listing (a catalogue import that changed it) or its reviews
     * (posted, edited, deleted, hidden or restored). The sitemap's lastmod; views and upvotes do not count.
     */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_model_key_uq').on(t.categoryId, t.modelKey),
    index('products_category_views_idx').on(t.categoryId, t.views.desc(), t.id),
    index('products_category_reviews_idx').on(t.categoryId, t.totalReviews.desc(), t.id),
    index('products_category_upvotes_idx').on(t.categoryId, t.upvotes.desc(), t.id),
    index('products_category_price_idx').on(t.categoryId, t.price),
    index('products_category_popularity_idx').on(t.categoryId, t.popularity.desc(), t.id),
    // A brand's page (issue 24): its models in popularity order, and the versus pages' slug lookup.
    index('products_brand_popularity_idx').on(t.brandId, t.popularity.desc(), t.id),
    // products_search_popularity_idx (popularity DESC, id) INCLUDE (brand_id, verified, model, search_text,
    // search_vector) WHERE NOT hidden is created by migrations 0003 and 0015, since drizzle cannot declare
    // INCLUDE: search reads broad matches of listed models in popularity order from it alone, an index-only scan
    // (see the search service).
    // Recommendations (decision 0009): one walk per list, verified phones only.
    index('products_rec_value_idx')
      .on(t.categoryId, t.recValue.desc(), t.id)
      .where(sql`verified`),
    index('products_rec_build_quality_idx')
      .on(t.categoryId, t.recBuildQuality.desc(), t.recRating.desc(), t.releaseDate.desc().nullsLast(), t.id)
      .where(sql`verified`),
    index('products_rec_features_idx')
      .on(t.categoryId, t.recFeatures.desc(), t.recRating.desc(), t.releaseDate.desc().nullsLast(), t.id)
      .where(sql`verified`),
    index('products_rec_look_and_feel_idx')
      .on(t.categoryId, t.recLookAndFeel.desc(), t.recRating.desc(), t.releaseDate.desc().nullsLast(), t.id)
      .where(sql`verified`),
    index('products_rec_performance_idx')
      .on(t.categoryId, t.recPerformance.desc(), t.recRating.desc(), t.releaseDate.desc().nullsLast(), t.id)
      .where(sql`verified`),
    index('products_rec_popular_idx')
      .on(t.categoryId, t.popularity.desc(), t.specScore.desc().nullsLast(), t.id)
      .where(sql`verified`),
    index('products_features_gin').using('gin', t.features),
    index('products_facets_gin').using('gin', t.facets),
    index('products_search_vector_gin').using('gin', t.searchVector),
    index('products_search_text_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('products_status_ck', sql`${t.status} IN ('rumoured', 'announced', 'available', 'discontinued')`),
  ],
);

/**
 * The variants of a model (issue 18): RAM + storage, each with its price and its own attributes. Ids share the
 * products' sequence: a product's id is also the id of one of its variants, and variant ids never change, so
 * every /product/{id} address (a variant's or a model's) keeps opening its phone.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: integer('id')
      .primaryKey()
      .default(sql`nextval('products_id_seq')`),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    /** The natural key, as the catalogue names it: brand + model + variant ('' when there is none). */
    model: text('model').notNull(),
    variant: text('variant').notNull().default(''),
    price: integer('price'),
    ramGb: real('ram_gb'),
    storageGb: integer('storage_gb'),
    releaseDate: date('release_date', { mode: 'string' }),
    listingConfidence: text('listing_confidence').notNull().default('confirmed'),
    /** The variant's own attributes, as listed. */
    attributes: jsonb('attributes').$type<Record<string, AttributeValue>>().notNull(),
    features: text('features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    facets: text('facets')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    specScore: smallint('spec_score'),
    sources: jsonb('sources').$type<{ specs: string | null; price: string | null }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_variants_natural_key_uq').on(t.brandId, t.model, t.variant),
    index('product_variants_product_price_idx').on(t.productId, t.price, t.id),
  ],
);

/**
 * Every price a variant has had (issue 19): the catalogue file's, then each change an editor or a bulk import
 * makes, with where it was seen and when. The variant's current price is its latest observation.
 */
export const priceHistory = pgTable(
  'price_history',
  {
    id: serial('id').primaryKey(),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
    /** Where the price was seen: a shop's name or link, or "Catalogue file". */
    source: text('source').notNull(),
    observedAt: date('observed_at', { mode: 'string' }).notNull(),
    /** The editor who recorded it (null: the catalogue file or a bulk import run from the command line). */
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('price_history_variant_idx').on(t.variantId, t.observedAt, t.id),
    check('price_history_price_ck', sql`${t.price} > 0`),
  ],
);

/**
 * Photos of a model (issue 19), in the order shown: the first is the product's image everywhere. Each is stored
 * re-encoded (no metadata) in a few widths and formats (product_photo_files), in the database, so every node of
 * the site serves the same files.
 */
export const productPhotos = pgTable(
  'product_photos',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /** The largest stored width and its height: the aspect ratio every size keeps. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: text('alt').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_photos_product_idx').on(t.productId, t.position, t.id)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** The encoded files of a photo: one per width and format (webp, avif). */
export const productPhotoFiles = pgTable(
  'product_photo_files',
  {
    photoId: integer('photo_id')
      .notNull()
      .references(() => productPhotos.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.photoId, t.format, t.width] }),
    check('product_photo_files_format_ck', sql`${t.format} IN ('webp', 'avif')`),
  ],
);

/** Ids that no longer name a listing of their own (a merged model, a merged duplicate variant): 301 to the kept one. */
export const productRedirects = pgTable('product_redirects', {
  fromId: integer('from_id').primaryKey(),
  toId: integer('to_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The catalogue's history (issue 19): every change an editor, a bulk import or an accepted correction makes,
 * one line per change, written in the change's transaction: who (null: the command line), what, on which
 * model or variant, the values before and after.
 */
export const catalogueChanges = pgTable(
  'catalogue_changes',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    /** A member whose suggested correction this change applied (credited in the history). */
    creditedUserId: integer('credited_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('catalogue_changes_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('catalogue_changes_target_idx').on(t.targetType, t.targetId, t.createdAt.desc()),
  ],
);

/**
 * Corrections suggested by members (issue 19): a new value for one attribute of a model (or of one variant) or
 * for a variant's price, with the link where the member saw it. Editors accept (the change is applied and the
 * member credited in catalogue_changes) or decline it with a reason the member sees.
 */
export const catalogueCorrections = pgTable(
  'catalogue_corrections',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The variant the value is for: always for a price; null for an attribute of the whole model. */
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'price' or 'attribute_1' … 'attribute_24'. */
    field: text('field').notNull(),
    /** The value as the member typed it. */
    value: text('value').notNull(),
    /** A price in whole rupees (field 'price' only). */
    priceValue: integer('price_value'),
    sourceUrl: text('source_url').notNull(),
    status: text('status').notNull().default('pending'),
    declineReason: text('decline_reason'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('catalogue_corrections_queue_idx').on(t.status, t.createdAt, t.id),
    index('catalogue_corrections_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('catalogue_corrections_pending_uq')
      .on(t.userId, t.productId, t.field, sql`coalesce(${t.variantId}, 0)`)
      .where(sql`${t.status} = 'pending'`),
    check('catalogue_corrections_status_ck', sql`${t.status} IN ('pending', 'accepted', 'declined')`),
    check(
      'catalogue_corrections_field_ck',
      sql`${t.field} = 'price' OR ${t.field} ~ '^attribute_([1-9]|1[0-9]|2[0-4])$'`,
    ),
    check(
      'catalogue_corrections_price_ck',
      sql`CASE WHEN ${t.field} = 'price' THEN ${t.priceValue} > 0 AND ${t.variantId} IS NOT NULL
        ELSE ${t.priceValue} IS NULL END`,
    ),
  ],
);

/** What the site knows of its catalogue: the imported files' version and how old their prices are. */
export const catalogueMeta = pgTable('catalogue_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Views per product per day, written in batches; the source of the Trending label. */
export const productViewsDaily = pgTable(
  'product_views_daily',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.day] })],
);

/**
 * How often two models were compared (issue 24): a comparison page of two or three models seen by a person
 * (not a bot) counts once for each pair in it, both ways round, so "Often compared with" is one index range of
 * a model. Counted in memory and written in batches, as views are.
 */
export const comparePairs = pgTable(
  'compare_pairs',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    otherId: integer('other_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    comparisons: integer('comparisons').notNull().default(0),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.otherId] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    isDemo: boolean('is_demo').notNull().default(false),
    /** argon2id (PHC string); null for Google-only accounts and demo users. */
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    phone: text('phone'),
    gender: text('gender'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    streetAddress: text('street_address'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    pinCode: text('pin_code'),
    /** The profile photo: a server-made file name, its bytes in avatar_files. */
    image: text('image'),
    /** OpenID Connect identity (issuer + subject) for Google accounts. */
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    followers: integer('followers').notNull().default(0),
    following: integer('following').notNull().default(0),
    /** user, moderator, editor or admin: set by `npm run user:role`, never from the web. */
    role: text('role').notNull().default('user'),
    /** A running suspension (issue 9): the user can read but not post, react, report or follow until then. */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    /**
     * The first accepted contribution (a post moderators did not hide): until then, and for the first day, the
     * new-account limits apply. Cleared when moderators hide one of the user's posts.
     */
    trustedAt: timestamp('trusted_at', { withTimezone: true }),
    /** When the member's last notification digest was queued (at most one a day, issue 23). */
    digestSentAt: timestamp('digest_sent_at', { withTimezone: true }),
    /** The language the member's emails are written in (issue 25, decision 0045): 'en' or 'hi'. */
    language: text('language').notNull().default('en'),
    /** Set by "delete my account": hidden at once, restorable by signing in for 7 days, then erased. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_oidc_uq').on(t.oidcIssuer, t.oidcSubject),
    check('users_role_ck', sql`${t.role} IN ('user', 'moderator', 'editor', 'admin')`),
    check('users_language_ck', sql`${t.language} IN ('en', 'hi')`),
    index('users_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} IS NOT NULL AND ${t.erasedAt} IS NULL`),
  ],
);

/** Signed-in sessions: the Bearer token is random and only its SHA-256 is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Single-use secrets sent to people or handed between steps, stored as SHA-256: email verification links,
 * password-reset OTPs and reset tokens, Google sign-in landings and profile-completion grants.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** What the step carries (e.g. the Google identity waiting for a username). */
    data: jsonb('data'),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('one_time_tokens_uq').on(t.purpose, t.tokenHash),
    index('one_time_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/** Sign-in failures by what was typed (email or username, lower case), for the CAPTCHA after repeated ones. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: serial('id').primaryKey(),
    login: text('login').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_failures_login_idx').on(t.login, t.at)],
);

/**
 * Sign-in locks: 10 failures within an hour lock signing in for a while, longer each time (15 minutes, 1 hour, 24
 * hours). `subject` is `account:<id>` for an account, and `login:<what was typed>` for a login that names none, so
 * an unknown login is treated exactly like an account. A row that has had no failure for an hour and no lock for a
 * day says nothing any more and is swept.
 */
export const signInLocks = pgTable('sign_in_locks', {
  subject: text('subject').primaryKey(),
  /** Failures in the current window, which starts at the first of them and lasts an hour. */
  failures: smallint('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }),
  /** Locks in a row: each one lasts longer; forgotten a day after the last one ends, or on a sign-in or reset. */
  locks: smallint('locks').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** Solved CAPTCHA challenges, kept until they expire so one solution cannot be replayed. */
export const captchaSpent = pgTable('captcha_spent', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Scheduled chores (the hourly erasure, trend labels, the test checkout's settling), run once per period across
 * every node: a node runs a chore only after moving its `next_run_at` forward in one conditional update, which
 * exactly one node wins (src/server/jobs/scheduler.ts).
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  runs: integer('runs').notNull().default(0),
  /** The last run's failure, cleared by the next success. */
  lastError: text('last_error'),
});

/** Server secrets made on first start (e.g. the CAPTCHA HMAC key), shared by every node. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Hidden by moderators (issue 9), or automatically after reports: gone for everyone but its author, who sees
 * the reason; counters and ratings leave it out as if deleted, until it is restored.
 */
const hideable = () => ({
  hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  hiddenReason: text('hidden_reason'),
  /** True while the automatic hiding waits for a moderator. */
  hiddenAutomatically: boolean('hidden_automatically').notNull().default(false),
});

/** Wilson score lower bound (95%) of Useful over Useful + Not Useful: "most helpful" without small-sample luck. */
const wilson = sql`CASE WHEN useful + not_useful = 0 THEN 0 ELSE
  ((useful + 1.9208) / (useful + not_useful) - 1.96 * sqrt((useful::float8 * not_useful) / (useful + not_useful) + 0.9604)
    / (useful + not_useful)) / (1 + 3.8416 / (useful + not_useful)) END`;

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Ratings are stored in half steps as integers 0-10 (value × 2). */
    overall: smallint('overall').notNull(),
    buildQuality: smallint('build_quality').notNull(),
    features: smallint('features').notNull(),
    lookAndFeel: smallint('look_and_feel').notNull(),
    performance: smallint('performance').notNull(),
    /** The star bucket of the distribution and the star filter: whole stars of the overall rating, 1-5. */
    star: smallint('star').generatedAlwaysAs(sql`greatest(1, overall / 2)`),
    /** The variant the reviewer owns ("Owns the 8 GB + 256 GB"); null when not said (reviews before issue 18). */
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    /**
     * True for the second review of one author on one model, left by the merge of two variants' pages that
     * both had a review of theirs (issue 18): both stay, and only new reviews are one per author and model.
     */
    mergedDuplicate: boolean('merged_duplicate').notNull().default(false),
    /** 'none', or what the author got (issue 22): 'free', 'discount' or 'paid'. Anything but none is out of the rating. */
    incentive: text('incentive').notNull().default('none'),
    /** Set by a moderator (the review hid it): the author's edits no longer change it. */
    incentiveLocked: boolean('incentive_locked').notNull().default(false),
    /** The month the author has owned the phone since (its first day); null when not said. */
    ownedSince: date('owned_since', { mode: 'string' }),
    /** When a moderator accepted the author's proof of ownership (issue 22): "Verified owner". */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** The version of the method that read this review's points (review_points); older ones are read again. */
    pointsVersion: smallint('points_version').notNull().default(0),
    summary: text('summary').notNull(),
    description: text('description').notNull(),
    useful: integer('useful').notNull().default(0),
    notUseful: integer('not_useful').notNull().default(0),
    helpful: real('helpful').generatedAlwaysAs(wilson),
    comments: integer('comments').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    ...hideable(),
  },
  (t) => [
    uniqueIndex('reviews_product_user_uq')
      .on(t.productId, t.userId)
      .where(sql`NOT ${t.mergedDuplicate}`),
    // One index per sort, each ending in the same tie-breakers, so any page is a short index range scan.
    // Only visible reviews are listed (hidden ones are out, as from the counters): partial indexes.
    index('reviews_product_created_idx')
      .on(t.productId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.hiddenAt} IS NULL`),
    index('reviews_product_helpful_idx')
      .on(t.productId, t.helpful.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.hiddenAt} IS NULL`),
    index('reviews_product_highest_idx')
      .on(t.productId, t.overall.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.hiddenAt} IS NULL`),
    index('reviews_product_lowest_idx')
      .on(t.productId, t.overall, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.hiddenAt} IS NULL`),
    index('reviews_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The few incentivised reviews, by star: what a star filter adds to the star's counter.
    index('reviews_product_incentivised_idx')
      .on(t.productId, t.star)
      .where(sql`${t.incentive} <> 'none' AND ${t.hiddenAt} IS NULL`),
    check('reviews_incentive_ck', sql`${t.incentive} IN ('none', 'free', 'discount', 'paid')`),
    // The verified owners' reviews: their filter and their average.
    index('reviews_product_verified_idx')
      .on(t.productId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.verifiedAt} IS NOT NULL AND ${t.hiddenAt} IS NULL`),
  ],
);

/**
 * Long-term updates (issue 22): dated notes an author adds under their review ("after 3 months"), at most
 * REVIEW_UPDATES_MAX a review, oldest first; the review's own text never changes with them. They go with it.
 */
export const reviewUpdates = pgTable(
  'review_updates',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_updates_review_idx').on(t.reviewId, t.id)],
);

/**
 * What a review praises (tone 1) or criticises (-1), one row per topic it speaks of (issue 22: summaries with
 * receipts, review-points.ts): read again with its text; a product's summary counts its visible reviews' rows.
 */
export const reviewPoints = pgTable(
  'review_points',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    tone: smallint('tone').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.topic] }),
    check('review_points_tone_ck', sql`${t.tone} IN (-1, 1)`),
  ],
);

/**
 * A product's point counts: how many of its visible reviews praise (tone 1) or criticise (-1) each topic, kept
 * in the transactions that read a review's points, hide, restore or delete it (countPoints in review-points.ts),
 * so a product's summary reads a few rows however many reviews it has (decision 0034).
 */
export const productPoints = pgTable(
  'product_points',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    tone: smallint('tone').notNull(),
    reviews: integer('reviews').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.topic, t.tone] })],
);

/** A like (1) or dislike (-1) by one user on one item; the item's stored counters count them. */
/** A column naming the row a post or reaction belongs to; it goes when that row goes. */
const belongsTo = (name: string, references: () => AnyPgColumn) =>
  integer(name).notNull().references(references, { onDelete: 'cascade' });

/**
 * What every post under something else has (a review's comment, a comment's reply, a question, an answer, an
 * article's comment): an id, its author, its text, its reaction counters, its date and its moderation.
 */
const post = () => ({
  id: serial('id').primaryKey(),
  userId: belongsTo('user_id', () => users.id),
  body: text('body').notNull(),
  likes: integer('likes').notNull().default(0),
  dislikes: integer('dislikes').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  ...hideable(),
});

function reactions<T extends string>(name: string, target: T, references: () => AnyPgColumn) {
  return pgTable(
    name,
    {
      targetId: belongsTo(target, references),
      userId: belongsTo('user_id', () => users.id),
      value: smallint('value').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.targetId, t.userId] })],
  );
}

/** Useful (1) or Not Useful (-1). */
export const reviewReactions = reactions('review_reactions', 'review_id', () => reviews.id);

export const reviewComments = pgTable(
  'review_comments',
  {
    ...post(),
    reviewId: belongsTo('review_id', () => reviews.id),
    replies: integer('replies').notNull().default(0),
  },
  // A full index: deleting the parent finds its rows through it.
  (t) => [index('review_comments_review_idx').on(t.reviewId, t.createdAt, t.id)],
);
export const commentReactions = reactions('comment_reactions', 'comment_id', () => reviewComments.id);

export const commentReplies = pgTable(
  'comment_replies',
  {
    ...post(),
    commentId: belongsTo('comment_id', () => reviewComments.id),
  },
  // A full index: deleting the parent finds its rows through it.
  (t) => [index('comment_replies_comment_idx').on(t.commentId, t.createdAt, t.id)],
);
export const replyReactions = reactions('reply_reactions', 'reply_id', () => commentReplies.id);

export const questions = pgTable(
  'questions',
  {
    ...post(),
    productId: belongsTo('product_id', () => products.id),
    answers: integer('answers').notNull().default(0),
  },
  // A full index: deleting the product finds its questions through it.
  (t) => [index('questions_product_created_idx').on(t.productId, t.createdAt.desc(), t.id.desc())],
);
export const questionReactions = reactions('question_reactions', 'question_id', () => questions.id);

export const answers = pgTable(
  'answers',
  {
    ...post(),
    questionId: belongsTo('question_id', () => questions.id),
  },
  // Answers are listed by likes, then oldest first.
  // A full index: deleting the parent finds its rows through it.
  (t) => [index('answers_question_likes_idx').on(t.questionId, t.likes.desc(), t.createdAt, t.id)],
);
export const answerReactions = reactions('answer_reactions', 'answer_id', () => answers.id);

/**
 * Reports of abuse, kept for moderation: who reported what, when and why, and what came of it. A reporter has
 * at most one open report per item. target_type: review, comment, reply, question, answer, product, user.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    reasonId: smallint('reason_id').notNull(),
    comments: text('comments'),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** The moderator's action that resolved it (moderation_actions.id). */
    resolvedBy: integer('resolved_by'),
    /** What the reporter is told: action_taken or no_action. */
    outcome: text('outcome'),
  },
  (t) => [
    uniqueIndex('reports_open_uq')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_target_idx').on(t.targetType, t.targetId),
    index('reports_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'open'`),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt.desc(), t.id.desc()),
    check(
      'reports_target_ck',
      sql`${t.targetType} IN ('review', 'comment', 'reply', 'question', 'answer', 'article_comment', 'product', 'user')`,
    ),
    check('reports_status_ck', sql`${t.status} IN ('open', 'resolved')`),
    check(
      'reports_outcome_ck',
      sql`(${t.status} = 'open') = (${t.outcome} IS NULL) AND ${t.outcome} IN ('action_taken', 'no_action')`,
    ),
  ],
);

/**
 * The moderation audit log (issue 9): who did what to which item, about whom, when and why. Append-only: a
 * trigger (migration 0009) refuses UPDATE, DELETE and TRUNCATE. Ids are kept without foreign keys, so erasing
 * an account keeps the record; actor_id null is the automatic hiding.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    /** The author of the item, or the user acted on. */
    subjectId: integer('subject_id'),
    reason: text('reason').notNull(),
    days: smallint('days'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_actions_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('moderation_actions_subject_idx').on(t.subjectId, t.createdAt.desc(), t.id.desc()),
    index('moderation_actions_target_idx').on(t.targetType, t.targetId),
    check(
      'moderation_actions_action_ck',
      sql`${t.action} IN ('dismiss', 'hide', 'restore', 'warn', 'suspend', 'flag', 'unflag', 'label', 'auto_hide', 'uphold', 'verify', 'decline_proof')`,
    ),
  ],
);

/**
 * Appeals (issue 22): the author of a hidden post asks, once per decision (a hide or auto_hide line of the audit
 * log), for it to be looked at again. Another moderator, or an admin, than the one who decided grants it (the
 * post is restored) or upholds it, with a reason the author reads. Erasing the account deletes its appeals.
 */
export const appeals = pgTable(
  'appeals',
  {
    id: serial('id').primaryKey(),
    /** The decision appealed: a hide or auto_hide line of moderation_actions. */
    actionId: integer('action_id')
      .notNull()
      .references(() => moderationActions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** open, granted (the post was restored) or upheld. */
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decisionReason: text('decision_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('appeals_action_uq').on(t.actionId),
    index('appeals_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'open'`),
    index('appeals_user_idx').on(t.userId),
    check('appeals_status_ck', sql`${t.status} IN ('open', 'granted', 'upheld')`),
  ],
);

export const follows = pgTable(
  'follows',
  {
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: integer('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('follows_followee_idx').on(t.followeeId),
  ],
);

/** A user's upvote of a product; products.upvotes counts them. */
/**
 * Notifications (issue 23): what happened to a member's posts. `kind` is the thread of the post that made it
 * (a comment on their review, a reply to their comment, an answer to their question) and `target_id` that
 * post; a notification shows only while its post is there and not hidden, and its actor's account is not
 * deleted.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    // No foreign keys (decision 0038): a review's fan-out writes 10,000 rows at once, and each key was a trigger
    // run per row, half of the insert's cost. Every id written comes from a row that has the key (a follow, a
    // review, a comment); users are never deleted (an account is erased in place), and its erasure deletes the
    // notices it received or caused (AccountService.eraseExpired).
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    actorId: integer('actor_id'),
    targetId: integer('target_id').notNull(),
    /** What alike notices group by on the list (a review's comments, a question's answers): null stands alone. */
    groupKey: integer('group_key'),
    /** What the notice says beyond its target: a price drop's prices, a milestone's count, a moderation note. */
    detail: jsonb('detail').$type<Record<string, number | string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When the daily digest carried it (only notices of a kind the member gets by email). */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
    index('notifications_target_idx').on(t.kind, t.targetId),
    check(
      'notifications_kind',
      sql`${t.kind} IN ('comment', 'reply', 'answer', 'article_comment', 'useful', 'follower', 'review', 'moderation',
        'price', 'pass')`,
    ),
  ],
);

/** How a member gets each kind of notification: 'app' (the bell; the default), 'email' (and a daily digest), 'off'. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('notification_settings_channel', sql`${t.channel} IN ('app', 'email', 'off')`),
  ],
);

/** A thread (a review's comments, a question's answers) a member no longer hears about. */
export const notificationMutes = pgTable(
  'notification_mutes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    thread: text('thread').notNull(),
    threadId: integer('thread_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.thread, t.threadId] }),
    check('notification_mutes_thread', sql`${t.thread} IN ('review', 'question', 'article')`),
  ],
);

/** "Tell me when it drops below ₹X" on a model: fires once, when a variant's recorded price goes below `below`. */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    below: integer('below').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    firedAt: timestamp('fired_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('price_alerts_user_product_idx').on(t.userId, t.productId),
    index('price_alerts_waiting_idx')
      .on(t.productId, t.below)
      .where(sql`${t.firedAt} IS NULL`),
  ],
);

/** A member's saved products (issue 23): one row per model, newest first in My account. */
export const favourites = pgTable(
  'favourites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('favourites_user_created_idx').on(t.userId, t.createdAt.desc(), t.productId.desc()),
  ],
);

export const productUpvotes = pgTable(
  'product_upvotes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.userId] }),
    index('product_upvotes_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** A user's recommendation preferences for a category (only C001 today); none saved means the defaults. */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id),
    budgetMin: integer('budget_min').notNull(),
    budgetMax: integer('budget_max').notNull(),
    /** 1 to 4: Build Quality, Features, Look & Feel, Performance. */
    focusArea: smallint('focus_area').notNull(),
    releasedWithin: smallint('released_within').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.categoryId] }),
    check(
      'user_preferences_budget_ck',
      sql`${t.budgetMin} BETWEEN 5000 AND ${t.budgetMax} AND ${t.budgetMax} <= 125000`,
    ),
    check('user_preferences_focus_ck', sql`${t.focusArea} BETWEEN 1 AND 4`),
    check('user_preferences_window_ck', sql`${t.releasedWithin} IN (12, 24, 36)`),
  ],
);

/** Every distinct search word of the catalogue: the vocabulary that query words are matched against. */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').primaryKey(),
    /** How many products have the word: how broad a query is, before it runs. */
    products: integer('products').notNull().default(0),
  },
  (t) => [index('search_terms_trgm').using('gin', sql`${t.term} gin_trgm_ops`)],
);

/**
 * The bundled articles (src/content/articles): their text lives in the bundle, their row holds what users
 * add to them (the counters of comments and reactions), upserted at start-up. user_id is the author's
 * account, if any: editorial articles have none (so nobody's reaction is to their own post).
 */
export const articles = pgTable('articles', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull(),
  title: text('title').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  likes: integer('likes').notNull().default(0),
  dislikes: integer('dislikes').notNull().default(0),
  comments: integer('comments').notNull().default(0),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
});
export const articleReactions = reactions('article_reactions', 'article_id', () => articles.id);

export const articleComments = pgTable(
  'article_comments',
  {
    ...post(),
    articleId: belongsTo('article_id', () => articles.id),
  },
  (t) => [index('article_comments_article_idx').on(t.articleId, t.createdAt, t.id)],
);
export const articleCommentReactions = reactions(
  'article_comment_reactions',
  'comment_id',
  () => articleComments.id,
);

/** Bug reports and feature requests from the help center, with the signed-in user if there was one. */
export const helpRequests = pgTable(
  'help_requests',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** Erasing the account erases what it sent. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    pageUrl: text('page_url'),
    userAgent: text('user_agent'),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('help_requests_kind_ck', sql`${t.kind} IN ('bug', 'feature')`),
    index('help_requests_created_idx').on(t.createdAt.desc()),
  ],
);

/** Pre-launch campaigns: an active one whose dates include today replaces the whole web app. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: text('id').primaryKey(),
    active: boolean('active').notNull().default(false),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    country: text('country').notNull(),
  },
  (t) => [check('campaigns_dates_ck', sql`${t.startsOn} <= ${t.endsOn}`)],
);

/** Feedback sent from a campaign page; rating in tenths (0 to 50: the slider's 0 to 5 in steps of 0.1). */
export const campaignFeedback = pgTable(
  'campaign_feedback',
  {
    id: serial('id').primaryKey(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    country: text('country'),
    city: text('city'),
    description: text('description'),
    rating: smallint('rating').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('campaign_feedback_rating_ck', sql`${t.rating} BETWEEN 0 AND 50`),
    index('campaign_feedback_campaign_idx').on(t.campaignId, t.createdAt),
  ],
);

/**
 * House ads (issue 8): sponsored slots the site controls, shown to visitors and to users without a running
 * ReviewPass. The image is a file the site serves; the link is a path of this site or an https address.
 */
export const ads = pgTable(
  'ads',
  {
    id: serial('id').primaryKey(),
    sponsor: text('sponsor').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    imageUrl: text('image_url').notNull(),
    linkUrl: text('link_url').notNull(),
    active: boolean('active').notNull().default(true),
    /** How often it shows relative to the others (1 to 100). */
    weight: smallint('weight').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ads_weight_ck', sql`${t.weight} BETWEEN 1 AND 100`),
    check('ads_link_ck', sql`${t.linkUrl} ~ '^(/[^/]|https://)'`),
  ],
);

/**
 * A ReviewPass purchase: the provider's order and, once paid, the payment and the period it bought. Kept when
 * an account is erased (a record of a payment). Amounts are in paise; days null is forever.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    /** The opaque id in /shop/session/{sessionId}, also the provider's receipt. */
    sessionId: text('session_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    orderId: text('order_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('INR'),
    days: integer('days'),
    state: text('state').notNull().default('pending'),
    paymentId: text('payment_id'),
    passStartsAt: timestamp('pass_starts_at', { withTimezone: true }),
    passEndsAt: timestamp('pass_ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('transactions_session_uq').on(t.sessionId),
    uniqueIndex('transactions_order_uq').on(t.provider, t.orderId),
    uniqueIndex('transactions_payment_uq').on(t.provider, t.paymentId),
    index('transactions_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    check('transactions_state_ck', sql`${t.state} IN ('pending', 'paid', 'failed', 'canceled')`),
    check('transactions_amount_ck', sql`${t.amount} > 0`),
    check(
      'transactions_paid_ck',
      sql`(${t.state} = 'paid') = (${t.paymentId} IS NOT NULL AND ${t.paidAt} IS NOT NULL)`,
    ),
  ],
);

/** A user's running ReviewPass: one row a user, extended by each purchase; ends_at null is forever. */
export const passes = pgTable('passes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The built-in test checkout's own records (the embedded default payment provider): its orders and the
 * payments a tester made on its page. A real provider keeps these on its side.
 */
export const testCheckoutOrders = pgTable('test_checkout_orders', {
  id: text('id').primaryKey(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  receipt: text('receipt').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const testCheckoutPayments = pgTable(
  'test_checkout_payments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => testCheckoutOrders.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('test_checkout_payments_order_idx').on(t.orderId),
    check('test_checkout_payments_status_ck', sql`${t.status} IN ('authorized', 'captured', 'failed')`),
  ],
);

/**
 * Emails waiting to be sent (issue 20, decision 0020): written in the transaction of the change they belong to,
 * so a committed change always has its mail, and deleted once the mail server (or the .eml outbox) took them.
 * A failed attempt waits until next_attempt_at and keeps its error; after the last attempt the row stays with
 * gave_up_at set, for an operator to see. The body holds one-time links and codes: it never reaches a log.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** Extra headers, e.g. a digest's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    gaveUpAt: timestamp('gave_up_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.gaveUpAt} IS NULL`),
  ],
);

/**
 * Profile photos (issue 20, decision 0021): the re-encoded WebP under the random name users.image holds, in the
 * database like the catalogue's photos, so every node serves them and one backup keeps them.
 */
/**
 * Proofs of ownership waiting for a moderator (issue 22): a photo of the invoice or the box label, re-encoded
 * without metadata, seen only by its author and moderators. The row, photo and all, is deleted when a moderator
 * decides; the decision stays (reviews.verified_at and a line of the audit log).
 */
export const ownershipProofs = pgTable('ownership_proofs', {
  reviewId: integer('review_id')
    .primaryKey()
    .references(() => reviews.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const avatarFiles = pgTable('avatar_files', {
  file: text('file').primaryKey(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
