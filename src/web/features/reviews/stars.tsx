/**
 * A five-pointed star on a 24 × 24 grid (one star; a row repeats it every 24 units, so after its start every step
 * is relative: an absolute point would tie every copy back to the first star).
 */
export const STAR_PATH = 'M12 1.8l3.1 6.5 7.1.9-5.2 4.9 1.3 7-6.3-3.4-6.3 3.4 1.3-7-5.2-4.9 7.1-.9z';

/** Five stars in one path: the star's relative outline from five starting points (decision 0024). */
export const STARS_PATH = [0, 1, 2, 3, 4].map((i) => STAR_PATH.replace('M12 ', `M${12 + i * 24} `)).join('');

/**
 * Five stars filled up to `value` (0-5, halves and fractions drawn exactly): an SVG whose filled copy sits in a
 * nested SVG as wide as the value, which clips it (an inner svg hides what overflows it; the content security
 * policy allows no style attributes). With a `label` they are an image of that name; without one, decoration.
 */
export function Stars({
  value,
  label,
  className = '',
}: {
  value: number;
  label?: string;
  className?: string;
}) {
  return (
    <svg
      className={`review-stars ${className}`}
      viewBox="0 0 120 24"
      width="100"
      height="20"
      // Without a label the stars are decoration (the number beside them says the same).
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <path className="review-stars-off" d={STARS_PATH} />
      <svg width={Math.max(0, Math.min(5, value)) * 24} height="24">
        <path className="review-stars-on" d={STARS_PATH} />
      </svg>
    </svg>
  );
}

/** A horizontal bar, `fraction` (0-1) of it filled; decorative (the number beside it says the same). */
export function Bar({ fraction }: { fraction: number }) {
  const width = Math.round(Math.max(0, Math.min(1, fraction)) * 1000) / 10;
  return (
    <svg className="review-bar" viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true">
      <rect width="100" height="8" rx="4" className="review-bar-all" />
      {width > 0 && <rect width={width} height="8" rx="4" className="review-bar-value" />}
    </svg>
  );
}
