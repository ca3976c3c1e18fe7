import { type CardPhoto, photoSrcset } from '../../shared/photo-urls.ts';

/**
 * A product's image: its first photo, offered as AVIF and WebP in every stored width (the browser picks the
 * format it reads and the width the slot needs), or the drawing when it has none. `width` and `height` are the
 * slot's, so the page never shifts as the image arrives; the photo keeps its aspect inside (object-fit).
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
}) {
  const img = (
    <img
      src={src}
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
