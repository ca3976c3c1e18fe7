/**
 * For tests: renders an element as a Hindi page does (issue 25), inside the app's providers (router, toasts,
 * session) at `path`, with the Hindi catalogues loaded.
 */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { SessionProvider } from '../features/session/session.tsx';
import { ToastProvider } from '../features/toasts/toasts.tsx';
import './hindi.ts';
import { LocaleProvider } from './i18n.tsx';

export const renderInHindi = (element: ReactNode, path = '/') =>
  render(
    <LocaleProvider value="hi">
      <MemoryRouter initialEntries={[path]}>
        <ToastProvider>
          <SessionProvider>{element}</SessionProvider>
        </ToastProvider>
      </MemoryRouter>
    </LocaleProvider>,
  );
