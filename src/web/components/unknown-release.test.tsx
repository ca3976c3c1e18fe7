import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UnknownRelease } from './unknown-release.tsx';

describe('UnknownRelease (issue 18)', () => {
  it('says how many were left out because their release date is unknown', () => {
    const html = renderToString(<UnknownRelease count={1234} plural="phones" />).replace(/<!-- -->/g, '');
    expect(html).toContain('1,234 phones left out because their release date is unknown.');
    const one = renderToString(<UnknownRelease count={1} plural="phones" />).replace(/<!-- -->/g, '');
    expect(one).toContain('1 phone left out because its release date is unknown.');
  });

  it('says nothing when none were, or the response does not say how many', () => {
    expect(renderToString(<UnknownRelease count={0} plural="phones" />)).toBe('');
    expect(renderToString(<UnknownRelease count={undefined} plural="phones" />)).toBe('');
  });
});
