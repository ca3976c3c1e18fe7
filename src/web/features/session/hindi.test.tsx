// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../shared/account.ts';
import { ERRORS } from '../../../shared/messages.ts';
import { MESSAGES } from '../../../shared/texts.ts';
import '../../i18n/hindi.ts';
import { hasMessage } from '../../i18n/books.ts';
import { LocaleProvider } from '../../i18n/i18n.tsx';
import enErrors from '../../i18n/locales/en/errors.json';
import enFields from '../../i18n/locales/en/fields.json';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { apiErrorText } from '../../lib/error-texts.ts';
import { ToastProvider } from '../toasts/toasts.tsx';
import { fieldText } from './field-texts.ts';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

const DEVANAGARI = /[\u0900-\u097F]/;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('API error messages in Hindi (issue 25)', () => {
  it('has, for every error code, the English message verbatim and a Hindi one', () => {
    for (const [code, { message }] of Object.entries(ERRORS)) {
      expect(enErrors[code as keyof typeof enErrors], code).toBe(message);
      expect(hasMessage('hi', `errors.${code}`), code).toBe(true);
      const hindi = apiErrorText(code, message, 'hi');
      expect(hindi, code).toMatch(DEVANAGARI);
      expect(hindi, code).not.toBe(message);
    }
    expect(enErrors.OFFLINE).toBe(MESSAGES.offlineBlocked);
    expect(enErrors.NETWORK).toBe(MESSAGES.generic);
  });

  it('shows a failed call in Hindi on a Hindi page, and in the server’s English elsewhere', () => {
    window.history.replaceState(null, '', '/hi/product/1');
    const hindi = new ApiError(ERRORS.FORBIDDEN.message, 403, 'FORBIDDEN');
    expect(errorMessage(hindi)).toBe('आपको ऐसा करने की अनुमति नहीं है।');
    expect(hindi.english).toBe(ERRORS.FORBIDDEN.message);
    expect(errorMessage(new Error('boom'))).toBe('कुछ गड़बड़ हो गई!');
    window.history.replaceState(null, '', '/product/1');
    expect(errorMessage(new ApiError(ERRORS.FORBIDDEN.message, 403, 'FORBIDDEN'))).toBe(
      ERRORS.FORBIDDEN.message,
    );
    expect(errorMessage(new Error('boom'))).toBe(MESSAGES.generic);
  });

  it('shows the sign-in form’s API error in Hindi on /hi/sign-in', async () => {
    window.history.replaceState(null, '', '/hi/sign-in');
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              success: false,
              code: 'INVALID_CREDENTIALS',
              message: ERRORS.INVALID_CREDENTIALS.message,
            }),
            { status: 401, headers: { 'content-type': 'application/json' } },
          ),
        ),
      ),
    );
    render(
      <LocaleProvider value="hi">
        <MemoryRouter>
          <ToastProvider>
            <SignInForm onSignedIn={() => {}} />
          </ToastProvider>
        </MemoryRouter>
      </LocaleProvider>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'ईमेल या यूज़रनेम' }), { target: { value: 'riya' } });
    fireEvent.change(screen.getByLabelText('पासवर्ड'), { target: { value: 'secret-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'साइन इन करें' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('यूज़रनेम या पासवर्ड गलत है। कृपया फिर से कोशिश करें।'),
    );
    expect(document.body.textContent).not.toContain(ERRORS.INVALID_CREDENTIALS.message);
  });
});

describe('field messages in Hindi', () => {
  it('knows every account message in English, verbatim', () => {
    for (const [key, message] of Object.entries(ACCOUNT_MESSAGES)) {
      if (key === 'resetLinkInvalid') continue; // an error code's message (RESET_LINK_INVALID)
      expect(enFields[key as keyof typeof enFields], key).toBe(message);
      expect(fieldText(message, 'x', 'hi'), key).toMatch(DEVANAGARI);
      expect(fieldText(message, 'x', 'en'), key).toBe(message);
    }
    expect(fieldText('Login cannot be left blank.', 'ईमेल', 'hi')).toBe('ईमेल खाली नहीं छोड़ सकते।');
  });

  it('shows the sign-up form and its messages in Hindi', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    render(
      <LocaleProvider value="hi">
        <ToastProvider>
          <SignUpForm onSignedUp={() => {}} />
        </ToastProvider>
      </LocaleProvider>,
    );
    const first = screen.getByRole<HTMLInputElement>('textbox', { name: 'पहला नाम' });
    fireEvent.change(first, { target: { value: 'A'.repeat(51) } });
    fireEvent.blur(first);
    expect(document.getElementById(`${first.id}-error`)?.textContent).toBe(
      'पहला नाम ज़्यादा से ज़्यादा 50 कैरेक्टर का हो सकता है।',
    );
    const username = screen.getByRole<HTMLInputElement>('textbox', { name: 'यूज़रनेम' });
    fireEvent.change(username, { target: { value: 'onlyletters' } });
    fireEvent.blur(username);
    expect(document.getElementById(`${username.id}-error`)?.textContent).toMatch(/^3-30 कैरेक्टर लिखें/);
    expect(screen.getByRole('button', { name: 'अकाउंट बनाएँ' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'अकाउंट बनाएँ' })).toBeTruthy();
  });
});
