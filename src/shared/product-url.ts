/**
 * A model's readable address (issue 24): `/product/{id}/{slug}`, the slug made of its brand and model, so a
 * shared link says what it is ("/product/1410/samsung-galaxy-s25"). The id decides the page; the slug is only
 * read: a wrong or old one (the model was renamed) answers 301 to the right one, and the spec's `/product/{id}`
 * serves the same page, naming this address as canonical.
 */
const MAX_SLUG = 80;

/** Words as an address segment: lower case, ASCII letters and digits joined by '-'; '' when none are left. */
export function slugify(text: string): string {
  return (
    text
      // Accents go (NFKD splits them off the letters they sit on); '+' is read out, as in "Nord CE 3 Lite+".
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/\+/g, ' plus ')
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, MAX_SLUG)
      .replace(/^-+|-+$/g, '')
  );
}

export function productSlug(p: { brand: string; model: string }): string {
  return slugify(`${p.brand} ${p.model}`) || 'product';
}

/** The canonical address of the model whose default variant is `id`. */
export const productPath = (id: number, p: { brand: string; model: string }): string =>
  `/product/${id}/${productSlug(p)}`;
