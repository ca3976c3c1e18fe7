// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInHindi } from '../../i18n/render-hindi.tsx';
import { ACCOUNT_SUCCESS } from '../../../shared/account.ts';
import { ERRORS } from '../../../shared/messages.ts';
import enAccount from '../../i18n/locales/en/account.json';
import { clearStoredValues } from '../../lib/stored-value.ts';
import { DeleteAccountForm } from './delete-account-form.tsx';
import { SESSION_STORAGE_KEY } from './session.tsx';
import { successText } from './success-texts.ts';
import { UserMenu } from './user-menu.tsx';

const DEVANAGARI = /[\u0900-\u097F]/;

beforeEach(() => {
  clearStoredValues();
  window.localStorage.setItem(
    SESSION_STORAGE_KEY,
    JSON.stringify({
      token: 't'.repeat(43),
      user: { username: 'meera1', firstName: 'Meera', lastName: 'Iyer', image: null },
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the account screens in Hindi', () => {
  it('says the account API’s success messages in Hindi, and keeps their English verbatim', () => {
    for (const [key, message] of Object.entries(ACCOUNT_SUCCESS)) {
      expect(successText(message, 'en'), key).toBe(message);
      expect(successText(message, 'hi'), key).toMatch(DEVANAGARI);
    }
    expect(enAccount.successSignedIn).toBe(ACCOUNT_SUCCESS.signedIn);
    expect(enAccount.successAccountDeleted).toBe(ACCOUNT_SUCCESS.accountDeleted);
  });

  it('shows the delete-account form and the server’s refusal in Hindi', async () => {
    window.history.replaceState(null, '', '/hi/delete-my-account');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({
        ok: false,
        status: 400,
        json: async () => ({
          success: false,
          code: 'WRONG_CURRENT_PASSWORD',
          message: ERRORS.WRONG_CURRENT_PASSWORD.message,
        }),
      })),
    );
    renderInHindi(<DeleteAccountForm hasPassword onDeleted={() => {}} />);
    expect(screen.getByText('यह पक्का करने के लिए कि आप ही हैं।')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('मौजूदा पासवर्ड'), { target: { value: 'Verdict#2024x' } });
    fireEvent.click(screen.getByRole('button', { name: 'मेरा अकाउंट डिलीट करें' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'मौजूदा पासवर्ड गलत है। कृपया फिर से कोशिश करें।',
    );
    expect(screen.getByRole('link', { name: 'मेरा अकाउंट रखें' })).toBeTruthy();
  });

  it('shows the user menu in Hindi', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderInHindi(<UserMenu />);
    const button = await screen.findByRole('button', { name: /अकाउंट मेन्यू/ });
    fireEvent.click(button);
    for (const name of ['प्रोफ़ाइल', 'मेरा अकाउंट', 'हेल्प सेंटर', 'साइन आउट करें']) {
      expect(screen.getByRole('menuitem', { name }), name).toBeTruthy();
    }
    expect(document.body.textContent).not.toMatch(/Sign out|My account|Help center/);
  });
});
