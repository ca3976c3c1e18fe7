// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRICE_MESSAGES } from '../../../shared/catalogue-prices.ts';
import { todayInIndia } from '../../../shared/format.ts';
import { clearStoredValues } from '../../lib/stored-value.ts';
import { SESSION_STORAGE_KEY, SessionProvider } from '../session/session.tsx';
import { ToastProvider } from '../toasts/toasts.tsx';
import { PriceForm } from './price-form.tsx';

const TOKEN = 't'.repeat(43);
beforeEach(() => {
  clearStoredValues();
  window.localStorage.setItem(
    SESSION_STORAGE_KEY,
    JSON.stringify({ token: TOKEN, user: { username: 'editor1', firstName: 'Esha' } }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const answer = (status: number, body: unknown) =>
  vi.fn(async (_url: string, _init?: RequestInit) => ({ ok: status < 300, status, json: async () => body }));

function renderForm() {
  const onSaved = vi.fn();
  render(
    <MemoryRouter>
      <ToastProvider>
        <SessionProvider>
          <PriceForm variantId={42} variantLabel="8 GB + 256 GB" onSaved={onSaved} />
        </SessionProvider>
      </ToastProvider>
    </MemoryRouter>,
  );
  return onSaved;
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Record price' }));

describe('the editors’ price form', () => {
  it('labels its fields, checks them with the shared schema and ties each message to its field', async () => {
    const fetch = answer(200, {});
    vi.stubGlobal('fetch', fetch);
    renderForm();
    const seen = screen.getByLabelText(/Seen on/) as HTMLInputElement;
    expect(seen.value).toBe(todayInIndia());
    expect(seen.type).toBe('date');
    fireEvent.change(screen.getByLabelText(/Price/), { target: { value: '12.5' } });
    fireEvent.change(screen.getByLabelText(/Where it was seen/), { target: { value: 'x' } });
    submit();
    const price = screen.getByLabelText(/Price/);
    expect(document.activeElement).toBe(price);
    expect(price.getAttribute('aria-invalid')).toBe('true');
    const describedBy = price.getAttribute('aria-describedby')!.split(' ');
    const message = describedBy.map((id) => document.getElementById(id)?.textContent).join(' ');
    expect(message).toContain(PRICE_MESSAGES.price);
    expect(screen.getByText(PRICE_MESSAGES.source)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends a PUT with the session’s token and says the new price', async () => {
    const result = {
      success: true,
      observation: { variant_id: 42, price: 24999, source: 'Amazon.in', observed_at: todayInIndia() },
      variant: { id: 42, price: 24999 },
      model: { id: 41, price: 22999, price_max: 24999, default_variant_id: 41 },
    };
    const fetch = answer(200, result);
    vi.stubGlobal('fetch', fetch);
    const onSaved = renderForm();
    fireEvent.change(screen.getByLabelText(/Price/), { target: { value: '24,999' } });
    fireEvent.change(screen.getByLabelText(/Where it was seen/), { target: { value: 'Amazon.in' } });
    submit();
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(result));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/catalogue/api/v1/variants/42/price');
    expect(init?.method).toBe('PUT');
    expect(new Headers(init?.headers).get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(String(init?.body))).toEqual({
      price: 24999,
      source: 'Amazon.in',
      observed_at: todayInIndia(),
    });
    expect((await screen.findByText(/Price recorded/)).textContent).toContain('8 GB + 256 GB is now ₹24,999');
  });

  it('shows the server’s refusal under its field, and a refusal of no field in the form’s alert', async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, {
        success: false,
        code: 'VALIDATION',
        message: PRICE_MESSAGES.observedFuture,
        field: 'observed_at',
        fields: { observed_at: PRICE_MESSAGES.observedFuture },
      }),
    );
    renderForm();
    fireEvent.change(screen.getByLabelText(/Price/), { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText(/Where it was seen/), { target: { value: 'Croma' } });
    submit();
    expect(await screen.findByText(PRICE_MESSAGES.observedFuture)).toBeTruthy();

    cleanup();
    vi.stubGlobal('fetch', answer(403, { success: false, code: 'FORBIDDEN', message: 'Not allowed.' }));
    renderForm();
    fireEvent.change(screen.getByLabelText(/Price/), { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText(/Where it was seen/), { target: { value: 'Croma' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('Not allowed.');
  });
});
