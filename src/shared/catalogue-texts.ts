/** Words the catalogue shows about what it knows (issue 18): one place for the server and the web app. */
export const CATALOGUE_TEXTS = {
  /** An attribute the catalogue does not know, shown in its group instead of disappearing. */
  notKnown: 'Not known yet',
  variantNotOfProduct: "That variant is not one of this phone's variants.",
} as const;

const storage = (gb: number) => (gb >= 1024 && gb % 1024 === 0 ? `${gb / 1024} TB` : `${gb} GB`);

/**
 * A variant's label: "8 GB + 256 GB" from its RAM and storage, else its catalogue text ("8GB RAM + 256GB"),
 * else null (no variant: cars and motorbikes often have none).
 */
export function variantLabel(ramGb: number | null, storageGb: number | null, variant: string): string | null {
  if (ramGb != null && storageGb != null) return `${Number(ramGb)} GB + ${storage(storageGb)}`;
  if (storageGb != null && ramGb == null && !variant) return storage(storageGb);
  return variant.trim() || null;
}
