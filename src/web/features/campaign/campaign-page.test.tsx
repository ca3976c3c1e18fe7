// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CAMPAIGN_MESSAGES,
  CAMPAIGN_RATING_KEY,
  CAMPAIGN_TOAST_DELAY_MS,
  type CampaignView,
} from '../../../shared/campaign.ts';
import { clearStoredValues } from '../../lib/stored-value.ts';
import { ToastProvider } from '../toasts/toasts.tsx';
import CampaignPage, { formatCampaignDate } from './campaign-page.tsx';

const CP001: CampaignView = {
  id: 'CP001',
  active: true,
  startsOn: '2024-09-30',
  endsOn: '2024-11-01',
  country: 'India',
  live: true,
};

const page = () => (
  <ToastProvider>
    <CampaignPage campaign={CP001} />
  </ToastProvider>
);

/** A fetch answering once with this status and JSON body. */
function answer(status: number, body: unknown) {
  return vi.fn(async (_url: string, _init?: RequestInit) => ({
    ok: status >= 200 && status < 300,
    status,
    json: async () => body,
  }));
}

const slider = () =>
  screen.getByRole<HTMLInputElement>('slider', { name: 'How helpful would Verdict be for you?' });
const box = (name: RegExp) => screen.getByRole<HTMLInputElement>('textbox', { name });
const send = () => screen.getByRole<HTMLButtonElement>('button', { name: /send feedback|sending/i });

function fillValid() {
  fireEvent.change(box(/first name/i), { target: { value: 'Asha' } });
  fireEvent.change(box(/last name/i), { target: { value: 'Rao' } });
  fireEvent.change(box(/email/i), { target: { value: 'asha@example.com' } });
}

beforeEach(() => clearStoredValues());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('formatCampaignDate', () => {
  it('reads day, month and year from the date itself, in Indian order', () => {
    expect(formatCampaignDate('2024-09-30')).toBe('30 Sep 2024');
    expect(formatCampaignDate('2024-11-01')).toBe('1 Nov 2024');
  });
});

describe('CampaignPage', () => {
  it('shows the pitch, the dates and the slider at 2.5, with no style attributes', () => {
    const { container } = render(page());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Verdict is coming to India');
    expect(container.querySelector('.campaign-dates')!.textContent).toBe(
      'Campaign CP001 · 30 Sep 2024 to 1 Nov 2024',
    );
    const s = slider();
    expect(s).toMatchObject({ type: 'range', min: '0', max: '5', step: '0.1', value: '2.5' });
    expect(s.getAttribute('aria-valuetext')).toBe('2.5 out of 5');
    expect(container.querySelector('output')!.textContent).toBe('2.5 / 5');
    fireEvent.change(s, { target: { value: '4.3' } });
    expect(s.getAttribute('aria-valuetext')).toBe('4.3 out of 5');
    expect(container.querySelector('output')!.textContent).toBe('4.3 / 5');
    expect(box(/country/i).value).toBe('India');
    expect(screen.getByRole('textbox', { name: /comment/i }).tagName).toBe('TEXTAREA');
    expect(container.querySelector('[style]')).toBeNull();
  });

  it('keeps Send disabled until valid, and shows a message once a field is left', () => {
    render(page());
    expect(send().disabled).toBe(true);
    const first = box(/first name/i);
    expect(screen.queryByText(CAMPAIGN_MESSAGES.firstName)).toBeNull();
    fireEvent.blur(first);
    const error = screen.getByText(CAMPAIGN_MESSAGES.firstName);
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(first.getAttribute('aria-describedby')).toBe(error.id);
    // Last name was never left: no message yet.
    expect(screen.queryByText(CAMPAIGN_MESSAGES.lastName)).toBeNull();

    const email = box(/email/i);
    fireEvent.blur(email);
    expect(screen.getByText(CAMPAIGN_MESSAGES.emailRequired)).toBeTruthy();
    fireEvent.change(email, { target: { value: 'asha@' } });
    expect(screen.getByText(CAMPAIGN_MESSAGES.emailInvalid)).toBeTruthy();

    fillValid();
    expect(screen.queryByText(CAMPAIGN_MESSAGES.firstName)).toBeNull();
    expect(first.getAttribute('aria-invalid')).toBeNull();
    expect(send().disabled).toBe(false);
  });

  it('sends the feedback, keeps the rating, shows the thanks card and the toast 2000 ms later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetch = answer(200, { success: true, rating: 4.3 });
    vi.stubGlobal('fetch', fetch);
    render(page());
    fireEvent.change(slider(), { target: { value: '4.3' } });
    fillValid();
    fireEvent.change(box(/city/i), { target: { value: ' Pune ' } });
    await act(async () => {
      fireEvent.click(send());
    });

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/platform/api/v1/submit-campaign');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@example.com',
      country: 'India',
      city: 'Pune',
      description: '',
      rating: 4.3,
      campaignId: 'CP001',
    });

    expect(JSON.parse(window.localStorage.getItem(CAMPAIGN_RATING_KEY)!)).toEqual({
      campaignId: 'CP001',
      rating: 4.3,
    });
    const heading = screen.getByRole('heading', { name: 'Thank you!' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('You rated Verdict 4.3 out of 5.')).toBeTruthy();
    expect(screen.queryByRole('slider')).toBeNull();
    expect(screen.queryByRole('button', { name: /send feedback/i })).toBeNull();

    act(() => vi.advanceTimersByTime(CAMPAIGN_TOAST_DELAY_MS - 1));
    expect(screen.queryByText(CAMPAIGN_MESSAGES.submitted)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const toast = screen.getByText(CAMPAIGN_MESSAGES.submitted).closest('.toast')!;
    expect(toast.className).toContain('toast-success');
  });

  it('does not toast after the page is gone', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetch = answer(200, { success: true, rating: 2.5 });
    vi.stubGlobal('fetch', fetch);
    const { rerender } = render(page());
    fillValid();
    await act(async () => {
      fireEvent.click(send());
    });
    // The feedback went and was thanked for, so the toast was on its way when the page went.
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('/platform/api/v1/submit-campaign');
    expect(screen.getByRole('heading', { name: 'Thank you!' })).toBeTruthy();
    expect(screen.getByText('You rated Verdict 2.5 out of 5.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(CAMPAIGN_TOAST_DELAY_MS - 1));
    expect(screen.queryByText(CAMPAIGN_MESSAGES.submitted)).toBeNull();
    // The toasts stay; only the campaign page goes.
    rerender(<ToastProvider>{null}</ToastProvider>);
    expect(screen.queryByRole('heading', { name: 'Thank you!' })).toBeNull();
    act(() => vi.advanceTimersByTime(CAMPAIGN_TOAST_DELAY_MS));
    expect(screen.queryByText(CAMPAIGN_MESSAGES.submitted)).toBeNull();
  });

  it("puts the server's field messages under their fields", async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, {
        success: false,
        code: 'VALIDATION',
        message: CAMPAIGN_MESSAGES.emailInvalid,
        field: 'email',
        fields: { email: CAMPAIGN_MESSAGES.emailInvalid },
      }),
    );
    render(page());
    fillValid();
    await act(async () => {
      fireEvent.click(send());
    });
    const email = box(/email/i);
    expect(screen.getByText(CAMPAIGN_MESSAGES.emailInvalid).id).toBe(email.getAttribute('aria-describedby'));
    expect(document.activeElement).toBe(email);
    expect(window.localStorage.getItem(CAMPAIGN_RATING_KEY)).toBeNull();
    // Editing the field clears the server's message.
    fireEvent.change(email, { target: { value: 'asha.rao@example.com' } });
    expect(screen.queryByText(CAMPAIGN_MESSAGES.emailInvalid)).toBeNull();
  });

  it('shows other failures (too many requests) as an error toast and keeps the form', async () => {
    const message = 'Too many requests. Please wait a moment and try again.';
    vi.stubGlobal('fetch', answer(429, { success: false, code: 'RATE_LIMITED', message }));
    render(page());
    fillValid();
    await act(async () => {
      fireEvent.click(send());
    });
    expect(screen.getByRole('alert').textContent).toContain(message);
    expect(send().disabled).toBe(false);
    expect(screen.getByRole('slider')).toBeTruthy();
  });

  it('renders the form on the server and shows a returning visitor the thanks card after hydrating', async () => {
    window.localStorage.setItem(CAMPAIGN_RATING_KEY, JSON.stringify({ campaignId: 'CP001', rating: 3.7 }));
    const html = renderToString(page());
    expect(html).toContain('type="range"');
    expect(html).not.toContain('Thank you!');
    expect(html).not.toMatch(/\sstyle="/);

    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = html;
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, page(), { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('input[type=range]')).toBeNull();
    expect(container.textContent).toContain('You rated Verdict 3.7 out of 5.');
    // A returning visitor's card does not take focus.
    expect(container.contains(document.activeElement)).toBe(false);
    act(() => root!.unmount());
    container.remove();
  });

  it('asks again in a later campaign: a rating sent to another campaign does not show the thanks card', () => {
    window.localStorage.setItem(CAMPAIGN_RATING_KEY, JSON.stringify({ campaignId: 'CP000', rating: 3.7 }));
    render(page());
    expect(screen.getByRole('slider')).toBeTruthy();
    expect(screen.queryByText('Thank you!')).toBeNull();
  });
});

describe('CampaignPage in Hindi', () => {
  it('shows the campaign in Hindi, with Hindi dates', async () => {
    await import('../../i18n/hindi.ts');
    const { LocaleProvider } = await import('../../i18n/i18n.tsx');
    const html = renderToString(
      <LocaleProvider value="hi">
        <ToastProvider>
          <CampaignPage campaign={CP001} />
        </ToastProvider>
      </LocaleProvider>,
    );
    expect(html).toContain('<h1>Verdict India में आ रहा है</h1>');
    expect(html).toContain('हमें अपनी राय बताएँ');
    expect(html).toContain('Verdict आपके लिए कितना काम का होगा?');
    expect(html).toContain('फ़ीडबैक भेजें');
    expect(html).toMatch(/30 सितंबर 2024/);
    expect(html).not.toMatch(/Tell us what you think|Send feedback|30 Sep 2024/);
  });
});
