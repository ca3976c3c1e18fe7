import { productDrawingUrl } from '../../shared/drawings.ts';
import { type CardPhoto, photoSrcset } from '../../shared/photo-urls.ts';

/**
 * A product's image: its first photo, offered as AVIF and WebP in every stored width (the browser picks the
 * format it reads and the width the slot needs), or the drawing when it has none. `width` and `height` are the
 * slot's, so the page never shifts as the image arrives; the photo keeps its aspect inside (object-fit).
 *
 * A drawing above the fold (`priority` or eager, with `drawing` given) is written into the server's HTML as a
 * `data:` URL: it shows with the first paint, no request (decision 0024). The browser hydrates that image as
 * it is (React leaves a hydrated attribute alone), and after a client-side navigation fetches the drawing's URL.
 */
export function ProductImage({
  src,
  photo,
  alt,
  width,
  height,
  sizes,
  className,
  loading,
  priority = false,
  drawing,
}: {
  /** image_url (the card's or the page's): the fallback of browsers that read neither srcset. */
  src: string;
  photo: CardPhoto;
  alt: string;
  width: number;
  height: number;
  /** The slot's width in CSS pixels or a sizes list ("(min-width: 730px) 240px, 50vw"). */
  sizes: string;
  className?: string;
  loading?: 'lazy' | 'eager';
  /** The page's main image (its LCP): fetched first, never lazily. */
  priority?: boolean;
  /** What the drawing shows, when the product has no photo: enough to draw it in the server's HTML. */
  drawing?: { category_id: string; brand: string; model: string } | undefined;
}) {
  const drawn = !photo && drawing !== undefined && (priority || loading === 'eager');
  const img = (
    <img
      src={drawn && import.meta.env.SSR ? productDrawingUrl(drawing!) : src}
      suppressHydrationWarning={drawn || undefined}
      srcSet={photo ? photoSrcset(photo, 'webp') : undefined}
      sizes={photo ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      className={className}
      loading={priority ? 'eager' : loading}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
    />
  );
  if (!photo) return img;
  return (
    <picture className="product-picture">
      <source type="image/avif" srcSet={photoSrcset(photo, 'avif')} sizes={sizes} />
      {img}
    </picture>
  );
}
