import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ErrorBoundary } from './root.tsx';

type Props = Parameters<typeof ErrorBoundary>[0];
const render = (error: unknown) =>
  renderToStaticMarkup(<ErrorBoundary {...({ error, params: {} } as unknown as Props)} />);

describe('root error boundary', () => {
  it('shows the maintenance page when a render crashes', () => {
    const html = render(new Error('boom'));
    expect(html).toContain('We&#x27;ll Be Back Soon');
    expect(html).not.toContain('boom');
    expect(html).toContain('href="/"');
  });

  it('shows the not-found page for a 404', () => {
    const html = render({ status: 404, statusText: 'Not Found', internal: false, data: 'Not found' });
    expect(html).toContain('Page not found');
    expect(html).toContain('Go to home');
  });
});
