/** Response shapes of the catalogue API; the server serializes with them and the web app reads them. */
import { CardPhotoSchema } from './photos.ts';
import { z } from './zod.ts';

/**
 * A product card is one model (issue 18). `id`, `variant` and `price` are those of the variant the card opens:
 * the model's default (cheapest available) variant, or under a budget, RAM or storage filter the cheapest
 * variant that matches. `price_from` is the model's lowest price and `variant_count` how many variants it has.
 */
export const ProductCardSchema = z.object({
  id: z.number().int(),
  /** The product's image: its first photo's largest WebP, or the drawing (/images/products/{id}.svg). */
  image_url: z.string(),
  /** The first photo, to write srcset from (shared/photos.ts photoSrcset); null: no photo, image_url is the drawing. */
  photo: CardPhotoSchema,
  brand_image_url: z.string(),
  brand: z.string(),
  model: z.string(),
  variant: z.string(),
  price: z.number().nullable(),
  price_from: z.number().nullable(),
  variant_count: z.number().int(),
  value: z.number(),
  total_reviews: z.number().int(),
  verified: z.boolean(),
});
export type ProductCard = z.infer<typeof ProductCardSchema>;

/** A page of product cards: `{success, page, size, total, products}` (a member's upvotes, their favourites). */
export const ProductCardsPageSchema = z.object({
  success: z.literal(true),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  products: z.array(ProductCardSchema),
});
export type ProductCardsPage = z.infer<typeof ProductCardsPageSchema>;

export const RangeSchema = z.object({ min: z.number().nullable(), max: z.number().nullable() });

export const PrimeRangesSchema = z.object({
  name: z.string(),
  unit: z.string(),
  step: z.number(),
  all: RangeSchema,
  common: RangeSchema,
});
export type PrimeRanges = z.infer<typeof PrimeRangesSchema>;

export const PrimeAttributeSchema = PrimeRangesSchema.extend({ value: z.number().nullable() });
export type PrimeAttribute = z.infer<typeof PrimeAttributeSchema>;

/** An attribute of a product; one not known has `known: false`, value null and display "Not known yet". */
export const AttributeItemSchema = z.object({
  key: z.string(),
  name: z.string(),
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).nullable(),
  quantity_id: z.number().int().nullable(),
  display: z.string(),
  known: z.boolean(),
});
export type AttributeItem = z.infer<typeof AttributeItemSchema>;

export const AttributeGroupSchema = z.object({
  id: z.enum(['about', 'basic', 'advanced', 'premium']),
  name: z.string(),
  attributes: z.array(AttributeItemSchema),
});
export type AttributeGroup = z.infer<typeof AttributeGroupSchema>;

export const LISTING_CONFIDENCES = ['confirmed', 'partial', 'rumoured'] as const;
export type ListingConfidence = (typeof LISTING_CONFIDENCES)[number];

/** One RAM + storage variant of a model, with its own price. */
export const VariantSchema = z.object({
  id: z.number().int(),
  variant: z.string(),
  price: z.number().nullable(),
  ram_gb: z.number().nullable(),
  storage_gb: z.number().int().nullable(),
});
export type Variant = z.infer<typeof VariantSchema>;

/**
 * A model's page (issue 18), with one variant selected: `id`, `variant`, `price` and `attribute_groups` are the
 * selected variant's (`id` is the id asked for, or the default variant's when a model id was asked for);
 * reviews, questions, upvotes, views and the rating are the model's. `canonical_id` is the default variant's
 * id: the page's canonical address. Every attribute of the category is listed, known or not.
 */
export const ProductDetailSchema = ProductCardSchema.extend({
  model_id: z.number().int(),
  canonical_id: z.number().int(),
  model_key: z.string().nullable(),
  listing_confidence: z.enum(LISTING_CONFIDENCES),
  known_attributes: z.number().int(),
  total_attributes: z.number().int(),
  price_max: z.number().nullable(),
  variants: z.array(VariantSchema),
  /** Where the data comes from, in words: "Specs from …", "Price listed …". */
  sources: z.object({ specs: z.string().nullable(), price: z.string().nullable() }),
  category_id: z.string(),
  category_name: z.string(),
  brand_id: z.number().int(),
  image: z.string(),
  release_date: z.string().nullable(),
  views: z.number().int(),
  upvotes: z.number().int(),
  spec_score: z.number().int().nullable(),
  trend_label: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  prime_attribute_1: PrimeAttributeSchema,
  prime_attribute_2: PrimeAttributeSchema,
  attribute_groups: z.array(AttributeGroupSchema),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

export const BrandSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image_url: z.string(),
  product_count: z.number().int(),
});
export type Brand = z.infer<typeof BrandSchema>;

export const BrandsResponseSchema = z.object({
  success: z.literal(true),
  category_id: z.string(),
  brands: z.array(BrandSchema),
  prime_attribute_1: PrimeRangesSchema.optional(),
  prime_attribute_2: PrimeRangesSchema.optional(),
});
export type BrandsResponse = z.infer<typeof BrandsResponseSchema>;

export const HomePageSchema = z.object({
  success: z.literal(true),
  most_viewed_products: z.array(ProductCardSchema),
  most_reviewed_products: z.array(ProductCardSchema),
  most_upvoted_products: z.array(ProductCardSchema),
});
export type HomePage = z.infer<typeof HomePageSchema>;

export const ProductPageSchema = z.object({
  success: z.literal(true),
  products: z.array(ProductCardSchema),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  /** Under a "released within" filter: models left out because their release date is unknown. */
  unknown_release: z.number().int().optional(),
});

/**
 * How old the catalogue's data is (issue 18): the date its prices were listed (shown site-wide as "Catalogue
 * prices as of …") and its newest release date. "Released within" is measured back from prices_as_of, since
 * the catalogue says how old it is; without it, from today.
 */
export const CatalogueInfoSchema = z.object({
  prices_as_of: z.string().nullable(),
  newest_release: z.string().nullable(),
});
export type CatalogueInfo = z.infer<typeof CatalogueInfoSchema>;
export type ProductPage = z.infer<typeof ProductPageSchema>;

export const ProductResponseSchema = z.object({ success: z.literal(true), product: ProductDetailSchema });
export type ProductResponse = z.infer<typeof ProductResponseSchema>;
export const SimilarResponseSchema = z.object({
  success: z.literal(true),
  products: z.array(ProductCardSchema),
});

export const ErrorResponseSchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  /** The form field the message belongs under, and every field's message (validation of a form). */
  field: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
  /** Sign-in: the next attempt needs a solved CAPTCHA. */
  captcha_required: z.boolean().optional(),
  /** ACCOUNT_SUSPENDED: until when (ISO 8601) and why. */
  suspended_until: z.string().optional(),
  suspension_reason: z.string().optional(),
  /** 429: seconds until the limit lets the next request through (also the Retry-After header). */
  retry_after: z.number().int().optional(),
  /** IMPORT_REFUSED (a bulk import file): every problem, as `file:row:field: reason`. */
  errors: z.array(z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const SessionUserSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  image: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string(),
  emailVerified: z.boolean(),
});

export const SignedInSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  user: SessionUserSchema,
});
export type SignedInResponse = z.infer<typeof SignedInSchema>;

export const ProfileResponseSchema = z.object({
  success: z.literal(true),
  user: SessionUserSchema.extend({
    gender: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    streetAddress: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    country: z.string().nullable(),
    pinCode: z.string().nullable(),
    hasPassword: z.boolean(),
    google: z.boolean(),
  }),
});
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

export const MessageResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export const AvailabilitySchema = z.object({
  success: z.literal(true),
  available: z.boolean(),
  message: z.string(),
});

export const TREND_KINDS = [
  'most-viewed-products',
  'most-reviewed-products',
  'most-upvoted-products',
] as const;
export type TrendKind = (typeof TREND_KINDS)[number];

/** A search suggestion or result (spec: id, image, model, variant, brand, value, total_review). */
export const SearchResultSchema = z.object({
  id: z.number().int(),
  image: z.string(),
  /** As on a card: the first photo, or null when `image` is the drawing. */
  photo: CardPhotoSchema,
  brand_image_url: z.string(),
  model: z.string(),
  variant: z.string(),
  brand: z.string(),
  price: z.number().nullable(),
  price_from: z.number().nullable(),
  variant_count: z.number().int(),
  value: z.number(),
  total_review: z.number().int(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchPageSchema = z.object({
  success: z.literal(true),
  products: z.array(SearchResultSchema),
  page: z.number().int(),
  size: z.number().int(),
  /** Matching products, counted up to SEARCH_RESULT_LIMIT. */
  total: z.number().int(),
  /** True when more products match than `total` says ('1,000+ results'). */
  total_capped: z.boolean(),
  /** The price range the query asked for, in rupees ('under 20000', '20k ke andar'): the hits are within it. */
  price_min: z.number().int().optional(),
  price_max: z.number().int().optional(),
});
export type SearchPage = z.infer<typeof SearchPageSchema>;

/** A page of a list: `{ success, page, size, total, items }`, pages from 0. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
    items: z.array(item),
  });
}
export interface Page<T> {
  success: true;
  page: number;
  size: number;
  total: number;
  items: T[];
}
