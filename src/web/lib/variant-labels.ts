import type { ProductDetail } from '../../shared/api-types.ts';
import { variantLabel } from '../../shared/catalogue-texts.ts';

/**
 * A phone's variants (the picker's and the compare table's choices) named alike on every page ("8 GB + 256 GB", as a review says "Owns the 8 GB + 256 GB"),
 * whatever the catalogue's wording ("8GB RAM + 256GB"). Used by loaders, on the server: no code in the browser.
 */
export function withVariantLabels(p: ProductDetail): ProductDetail {
  const variants = p.variants.map((v) => ({
    ...v,
    variant: variantLabel(v.ram_gb, v.storage_gb, v.variant) ?? v.variant,
  }));
  // `variant` stays the API's: the name cards, the compare list and the tray know the product by.
  return { ...p, variants };
}
