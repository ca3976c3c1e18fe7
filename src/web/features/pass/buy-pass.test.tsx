import { renderToString } from 'react-dom/server';
import { createRoutesStub, Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SessionProvider } from '../session/session.tsx';
import { ToastProvider } from '../toasts/toasts.tsx';
import { BuyPass } from './buy-pass.tsx';

/** The pass form under a root route whose loader data says whether the site takes payments. */
function html(payments: boolean) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: () => <Outlet />,
      children: [
        {
          path: 'review-pass',
          Component: () => (
            <ToastProvider>
              <SessionProvider>
                <BuyPass />
              </SessionProvider>
            </ToastProvider>
          ),
        },
      ],
    },
  ]);
  return renderToString(
    <Stub initialEntries={['/review-pass']} hydrationData={{ loaderData: { root: { payments } } }} />,
  );
}

describe('BuyPass', () => {
  it('offers the pass options when the site takes payments', () => {
    const page = html(true);
    expect(page).toContain('Choose how long');
    expect(page).not.toContain('Payments are not available');
  });

  it('says payments are unavailable, instead of a form that would fail, when no provider takes them', () => {
    const page = html(false);
    expect(page).toContain('Payments are not available on this site at the moment.');
    expect(page).not.toContain('Choose how long');
    expect(page).not.toContain('<form');
  });
});
