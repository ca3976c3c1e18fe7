import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { STAR_PATH, STARS_PATH, Stars } from './stars.tsx';

describe('star rows', () => {
  it('are two paths, the five stars each: the grey row, and the filled row in an svg as wide as the value', () => {
    const html = renderToString(<Stars value={3.5} label="Rated 3.5 out of 5" />);
    expect(html.match(/<path /g)).toHaveLength(2);
    expect(html).not.toContain('<g');
    expect(html).toMatch(/<svg width="84" height="24"><path class="review-stars-on"/);
    expect(html).toContain('role="img" aria-label="Rated 3.5 out of 5"');
    expect(renderToString(<Stars value={9} />)).toMatch(/<svg width="120"/);
  });

  it('draw the star every 24 units, each from the same outline', () => {
    const starts = [...STARS_PATH.matchAll(/M([\d.]+) 1\.8/g)].map((m) => Number(m[1]));
    expect(starts).toEqual([12, 36, 60, 84, 108]);
    expect(STARS_PATH.split('M36 1.8')[0]).toBe(STAR_PATH);
    expect(STAR_PATH.slice(1)).not.toMatch(/[A-Z]/);
  });
});
