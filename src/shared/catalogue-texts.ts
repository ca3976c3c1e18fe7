/** Words the catalogue shows about what it knows (issue 18): one place for the server and the web app. */
export const CATALOGUE_TEXTS = {
  /** An attribute the catalogue does not know, shown in its group instead of disappearing. */
  notKnown: 'Not known yet',
  variantNotOfProduct: "That variant is not one of this phone's variants.",
} as const;

const storage = (gb: number) => (gb >= 1024 && gb % 1024 === 0 ? `${gb / 1024} TB` : `${gb} GB`);

/**
 * A variant's label: "8 GB + 256 GB" from its RAM and storage (1 TB from 1,024 GB), else its catalogue text
 * ("32MB RAM + 32MB"), else null (no variant: cars and motorbikes often have none).
 */
export function variantLabel(ramGb: number | null, storageGb: number | null, variant: string): string | null {
  // Below 1 GB (feature phones' megabytes) the catalogue's own words read better.
  if (ramGb != null && storageGb != null && ramGb >= 1 && storageGb >= 1)
    return `${Number(ramGb)} GB + ${storage(storageGb)}`;
  return variant.trim() || null;
}
