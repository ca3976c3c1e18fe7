import { formatCount } from '../../shared/format.ts';

/**
 * Under a "released within" filter (issue 18): how many products were left out because their release date is
 * unknown, said rather than hidden. Nothing when none were.
 */
export function UnknownRelease({ count, plural }: { count: number | null | undefined; plural: string }) {
  if (!count) return null;
  const noun = count === 1 ? plural.replace(/s$/, '') : plural;
  return (
    <p className="catalogue-note unknown-release">
      {formatCount(count)} {noun} left out because {count === 1 ? 'its' : 'their'} release date is unknown.
    </p>
  );
}
