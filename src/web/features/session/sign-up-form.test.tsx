// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_HINTS, ACCOUNT_MESSAGES } from '../../../shared/account.ts';
import { ToastProvider } from '../toasts/toasts.tsx';
import { SignUpForm } from './sign-up-form.tsx';

beforeEach(() => {
  // The live availability checks get no answer: this test is about the form's own messages.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  );
  render(
    <ToastProvider>
      <SignUpForm onSignedUp={() => {}} />
    </ToastProvider>,
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const box = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const type = (name: string, value: string) => {
  fireEvent.change(box(name), { target: { value } });
  fireEvent.blur(box(name));
};
/** The texts an input is described by (its hint, its message). */
const description = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the sign-up form', () => {
  it('shows our message for a limit the rule gives no text for, never zod’s', () => {
    type('First name', 'A'.repeat(51));
    const message = description(box('First name'));
    expect(message).toBe('First name must be at most 50 characters.');
    expect(document.body.textContent).not.toMatch(/Too big|Too small|Invalid input|expected|received/);
  });

  it('says in the username hint that a letter and a digit are both required, as the rule does', () => {
    expect(description(box('Username'))).toBe(ACCOUNT_HINTS.username);
    expect(ACCOUNT_HINTS.username).toMatch(/at least one letter .* and one number/);
    type('Username', 'onlyletters');
    expect(description(box('Username'))).toContain(ACCOUNT_MESSAGES.username);
    expect(ACCOUNT_MESSAGES.username).toMatch(/at least one letter .* and one number/);
  });

  it('takes a name in an Indian script', () => {
    type('First name', 'प्रिया');
    type('Last name', 'தமிழ்');
    expect(description(box('First name'))).toBe('');
    expect(description(box('Last name'))).toBe('');
  });
});
