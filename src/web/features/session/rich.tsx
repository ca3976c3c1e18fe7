import { Fragment, type ReactNode } from 'react';
import type { Translate } from '../../i18n/i18n.tsx';

const MARK = '\u0001';

/**
 * A message with elements inside it (a link, a bold address): each placeholder given an element in `parts`
 * becomes that element, where the language puts it; strings and numbers are plain values.
 * `rich(t, 'linkExpired', { link: <Link to="/sign-in">…</Link> })`.
 */
export function rich<K extends string>(
  t: Translate<K>,
  key: K,
  parts: Record<string, ReactNode | string | number>,
): ReactNode {
  const values: Record<string, string | number> = {};
  for (const [name, part] of Object.entries(parts)) {
    values[name] = typeof part === 'string' || typeof part === 'number' ? part : `${MARK}${name}${MARK}`;
  }
  const pieces = t(key, values).split(MARK);
  return pieces.map((piece, i) =>
    i % 2 === 1 ? <Fragment key={i}>{parts[piece]}</Fragment> : piece && <Fragment key={i}>{piece}</Fragment>,
  );
}
