import type { ProductDetail } from '../../shared/api-types.ts';
import { variantLabel } from '../../shared/catalogue-texts.ts';

/**
 * A phone's variants named alike on every page ("8 GB + 256 GB", as a review says "Owns the 8 GB + 256 GB"),
 * whatever the catalogue's wording ("8GB RAM + 256GB"). Used by loaders, on the server: no code in the browser.
 */
export function withVariantLabels(p: ProductDetail): ProductDetail {
  const variants = p.variants.map((v) => ({
    ...v,
    variant: variantLabel(v.ram_gb, v.storage_gb, v.variant) ?? v.variant,
  }));
  // The selected variant's own label is named only beside the others (one variant keeps the catalogue's text).
  const selected = variants.length > 1 ? variants.find((v) => v.id === p.id) : undefined;
  return { ...p, variants, variant: selected?.variant ?? p.variant };
}
