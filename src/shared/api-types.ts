/** Response shapes of the catalogue API; the server serializes with them and the web app reads them. */
import { z } from './zod.ts';

export const ProductCardSchema = z.object({
  id: z.number().int(),
  image_url: z.string(),
  brand_image_url: z.string(),
  brand: z.string(),
  model: z.string(),
  variant: z.string(),
  price: z.number().nullable(),
  value: z.number(),
  total_reviews: z.number().int(),
  verified: z.boolean(),
});
export type ProductCard = z.infer<typeof ProductCardSchema>;

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

export const AttributeItemSchema = z.object({
  key: z.string(),
  name: z.string(),
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]),
  quantity_id: z.number().int().nullable(),
  display: z.string(),
});
export type AttributeItem = z.infer<typeof AttributeItemSchema>;

export const AttributeGroupSchema = z.object({
  id: z.enum(['about', 'basic', 'advanced', 'premium']),
  name: z.string(),
  attributes: z.array(AttributeItemSchema),
});
export type AttributeGroup = z.infer<typeof AttributeGroupSchema>;

export const ProductDetailSchema = ProductCardSchema.extend({
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
});
export type ProductPage = z.infer<typeof ProductPageSchema>;

export const ProductResponseSchema = z.object({ success: z.literal(true), product: ProductDetailSchema });
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
  brand_image_url: z.string(),
  model: z.string(),
  variant: z.string(),
  brand: z.string(),
  price: z.number().nullable(),
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
