import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { ErrorBoundary } from './root.tsx';

type Props = Parameters<typeof ErrorBoundary>[0];
/** The error pages load lazily: prerender waits for them, as the server's render does. */
const render = async (error: unknown, loaderData?: unknown) => {
  const { prelude } = await prerender(
    <ErrorBoundary {...({ error, params: {}, loaderData } as unknown as Props)} />,
  );
  return new Response(prelude).text();
};

describe('root error boundary', () => {
  it('shows the maintenance page when a render crashes', async () => {
    const html = await render(new Error('boom'));
    expect(html).toContain('We&#x27;ll Be Back Soon');
    expect(html).not.toContain('boom');
    expect(html).toContain('href="/"');
  });

  it('offers the support address on the maintenance page only when the site has one', async () => {
    expect(await render(new Error('boom'))).not.toMatch(/mailto:|write to/);
    const contact = { supportEmail: 'help@verdict.in', socialLinks: [], grievanceOfficer: null };
    expect((await render(new Error('boom'), { contact })).replace(/<!-- -->/g, '')).toContain(
      'write to <a href="mailto:help@verdict.in">help@verdict.in</a>',
    );
  });

  it('shows the not-found page for a 404', async () => {
    const html = await render({ status: 404, statusText: 'Not Found', internal: false, data: 'Not found' });
    expect(html).toContain('Page not found');
    expect(html).toContain('Go to home');
  });
});
