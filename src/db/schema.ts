import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
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

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

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
    /** '' when the source has no variant (motorbikes), so the natural key stays unique. */
    variant: text('variant').notNull().default(''),
    price: integer('price'),
    releaseDate: date('release_date', { mode: 'string' }),
    /** False for 2023 listings that no spec database confirms (possibly rumoured phones). */
    verified: boolean('verified').notNull().default(true),
    attributes: jsonb('attributes').$type<Record<string, AttributeValue>>().notNull(),
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
    ratingSum: integer('rating_sum').notNull().default(0),
    totalReviews: integer('total_reviews').notNull().default(0),
    views: integer('views').notNull().default(0),
    upvotes: integer('upvotes').notNull().default(0),
    /** Popularity: a view counts 1, an upvote 10, a review 20. Orders search hits and the browse default. */
    popularity: integer('popularity').generatedAlwaysAs(sql`views + 10 * upvotes + 20 * total_reviews`),
    /** Search words of brand, model and variant (src/shared/search.ts), space-separated. */
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('simple', search_text)`),
    /** 1 Top-rated, 2 Popular, 3 Trending; recomputed by refreshTrendLabels(). */
    trendLabel: smallint('trend_label'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_natural_key_uq').on(t.brandId, t.model, t.variant),
    index('products_category_views_idx').on(t.categoryId, t.views.desc(), t.id),
    index('products_category_reviews_idx').on(t.categoryId, t.totalReviews.desc(), t.id),
    index('products_category_upvotes_idx').on(t.categoryId, t.upvotes.desc(), t.id),
    index('products_category_price_idx').on(t.categoryId, t.price),
    index('products_category_popularity_idx').on(t.categoryId, t.popularity.desc(), t.id),
    // products_search_popularity_idx (popularity DESC, id) INCLUDE (brand_id, verified, model, search_text,
    // search_vector) is created by migration 0003, since drizzle cannot declare INCLUDE: search reads broad
    // matches in popularity order from it alone, an index-only scan (see the search service).
    index('products_features_gin').using('gin', t.features),
    index('products_facets_gin').using('gin', t.facets),
    index('products_search_vector_gin').using('gin', t.searchVector),
    index('products_search_text_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

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
    /** File name under $DATA_DIR/uploads/avatars, made by the server. */
    image: text('image'),
    /** OpenID Connect identity (issuer + subject) for Google accounts. */
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    /** Failed sign-ins in the current window (an hour from the first); 10 lock the account. */
    failedSignIns: smallint('failed_sign_ins').notNull().default(0),
    failedSignInsSince: timestamp('failed_sign_ins_since', { withTimezone: true }),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** Set by "delete my account": hidden at once, restorable by signing in for 7 days, then erased. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_oidc_uq').on(t.oidcIssuer, t.oidcSubject),
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

/** Solved CAPTCHA challenges, kept until they expire so one solution cannot be replayed. */
export const captchaSpent = pgTable('captcha_spent', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Server secrets made on first start (e.g. the CAPTCHA HMAC key), shared by every node. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

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
    summary: text('summary').notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_product_user_uq').on(t.productId, t.userId),
    index('reviews_product_created_idx').on(t.productId, t.createdAt.desc()),
  ],
);

/** A user's upvote of a product; products.upvotes counts them. */
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
  (t) => [primaryKey({ columns: [t.productId, t.userId] })],
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
