// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '../../../shared/messages.ts';
import { clearStoredValues } from '../../lib/stored-value.ts';
import { ToastProvider } from '../toasts/toasts.tsx';
import { DeleteAccountForm } from './delete-account-form.tsx';
import { takeReturnPath } from './return-after-sign-in.ts';
import { SESSION_STORAGE_KEY, SessionProvider } from './session.tsx';

/**
 * The branch the browser tests cannot reach (a Google session older than 5 minutes, on a real server clock):
 * the server's REAUTH_REQUIRED, answered here as the server answers it, shows a way through Google and back.
 */
beforeEach(() => {
  clearStoredValues();
  window.sessionStorage.clear();
  window.localStorage.setItem(
    SESSION_STORAGE_KEY,
    JSON.stringify({ token: 't'.repeat(43), user: { username: 'meera1', firstName: 'Meera' } }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const answer = (status: number, body: unknown) =>
  vi.fn(async (_url: string, _init?: RequestInit) => ({ ok: status < 300, status, json: async () => body }));

function renderForm(hasPassword: boolean) {
  const onDeleted = vi.fn();
  render(
    <MemoryRouter>
      <ToastProvider>
        <SessionProvider>
          <DeleteAccountForm hasPassword={hasPassword} onDeleted={onDeleted} />
        </SessionProvider>
      </ToastProvider>
    </MemoryRouter>,
  );
  return onDeleted;
}

describe('the delete-account form', () => {
  it('sends a Google account through Google and back here when the server asks for a fresh sign-in', async () => {
    const fetch = answer(403, {
      success: false,
      code: 'REAUTH_REQUIRED',
      message: ERRORS.REAUTH_REQUIRED.message,
    });
    vi.stubGlobal('fetch', fetch);
    const onDeleted = renderForm(false);
    expect(screen.queryByLabelText('Current password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect((await screen.findByRole('alert')).textContent).toContain(ERRORS.REAUTH_REQUIRED.message);
    const [url, init] = fetch.mock.calls[0]!;
    expect([url, init?.method, init?.body]).toEqual(['/user/api/v1/user/delete', 'DELETE', '{}']);
    const link = screen.getByRole('link', { name: 'Sign in with Google again' });
    expect(link.getAttribute('href')).toBe('/user/api/v1/auth/google');
    link.addEventListener('click', (e) => e.preventDefault()); // jsdom does not navigate
    fireEvent.click(link);
    expect(takeReturnPath()).toBe('/delete-my-account');
    expect(takeReturnPath()).toBeNull();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('sends the current password of an account that has one', async () => {
    const fetch = answer(200, { success: true, message: 'Account deleted successfully' });
    vi.stubGlobal('fetch', fetch);
    const onDeleted = renderForm(true);
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Verdict#2024x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalledWith('Account deleted successfully'));
    expect(fetch.mock.calls[0]![1]?.body).toBe(JSON.stringify({ currentPassword: 'Verdict#2024x' }));
  });

  it('never returns to another site', () => {
    for (const path of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      window.sessionStorage.setItem('verdict.after-sign-in', path);
      expect(takeReturnPath(), path).toBeNull();
    }
  });
});
