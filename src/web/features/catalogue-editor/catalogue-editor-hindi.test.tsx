// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInHindi } from '../../i18n/render-hindi.tsx';
import type { CatalogueChange, EditorHit, EditorModel } from '../../../shared/catalogue-editing.ts';
import { clearStoredValues } from '../../lib/stored-value.ts';
import Catalogue, { meta as catalogueMeta } from '../../routes/catalogue.tsx';
import CatalogueModel from '../../routes/catalogue-model.tsx';
import { SESSION_STORAGE_KEY } from '../session/session.tsx';

const TOKEN = 'e'.repeat(43);

const model: EditorModel = {
  id: 5,
  category: 'C001',
  brand: 'Redmi',
  model: 'Note 13',
  release_date: '2024-01-04',
  status: 'available',
  listing_confidence: 'confirmed',
  specs_url: null,
  specs_checked_on: null,
  hidden: false,
  hidden_reason: null,
  default_variant_id: 11,
  price: 16999,
  total_reviews: 3,
  questions: 1,
  upvotes: 9,
  attributes: {},
  variants: [
    { id: 11, variant: '8 GB + 256 GB', ram_gb: 8, storage_gb: 256, price: 16999, attributes: {} },
    { id: 12, variant: '', ram_gb: null, storage_gb: null, price: null, attributes: {} },
  ],
};

const hit: EditorHit = {
  id: 5,
  category: 'C001',
  brand: 'Redmi',
  model: 'Note 13',
  variant_count: 2,
  status: 'available',
  hidden: true,
  hidden_reason: 'duplicate',
  variant_id: null,
};

const change: CatalogueChange = {
  id: 1,
  action: 'update_model',
  target_type: 'model',
  target_id: 5,
  actor: null,
  credited: { id: 2, username: 'meera1' },
  before: { brand: 'redmi' },
  after: { brand: 'Redmi' },
  created_at: '2026-12-23T14:30:00Z',
};

/** The editors' API as the pages read it, recording what was sent. */
function serve() {
  const sent: { url: string; method: string; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const method = init?.method ?? 'GET';
    sent.push({ url, method, body });
    const page = <T,>(items: T[]) => ({ success: true, page: 0, size: 20, total: items.length, items });
    const json = url.includes('/user/standing')
      ? { success: true, role: 'admin', suspension: null, new_account: false, notices: [] }
      : url.includes('/search?q=')
        ? { success: true, items: [hit] }
        : url.endsWith('/photos')
          ? { success: true, photos: [] }
          : url.includes('/changes')
            ? page([change])
            : url.endsWith('/models/5')
              ? { success: true, model: method === 'PATCH' ? { ...model, ...(body as object) } : model }
              : { success: true };
    return { ok: true, status: 200, json: async () => json };
  });
  vi.stubGlobal('fetch', fetch);
  return sent;
}

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

describe('the catalogue editor in Hindi', () => {
  it('finds a model in Hindi', async () => {
    serve();
    renderInHindi(<Catalogue />);
    expect(screen.getByRole('heading', { level: 1, name: 'कैटलॉग' })).toBeTruthy();
    await screen.findByRole('link', { name: 'कैटलॉग का इतिहास' });
    const nav = screen.getByRole('navigation', { name: 'कैटलॉग' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['मॉडल जोड़ें', 'फ़ाइल इंपोर्ट करें', 'सुधार', 'कैटलॉग का इतिहास']);
    fireEvent.click(screen.getByRole('button', { name: 'ढूँढें' }));
    expect(await screen.findByText('कोई नाम या id लिखें।')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('मॉडल या वैरिएंट ढूँढें'), { target: { value: 'redmi' } });
    fireEvent.click(screen.getByRole('button', { name: 'ढूँढें' }));
    expect(await screen.findByText('1 मॉडल मिला।')).toBeTruthy();
    expect(screen.getByText('छिपाया गया: डुप्लिकेट')).toBeTruthy();
    expect(screen.getByText(/2 वैरिएंट/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /^एडिट करें\s*Redmi Note 13$/ })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(
      /Find|Add a model|Import|Corrections|found|Hidden|variants/,
    );
  });

  it('edits a model in Hindi and says it saved', async () => {
    const sent = serve();
    renderInHindi(
      <CatalogueModel {...({ params: { id: '5' } } as unknown as Parameters<typeof CatalogueModel>[0])} />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'मॉडल एडिट करें' })).toBeTruthy();
    expect(await screen.findByText('3 रिव्यू · 1 सवाल · 9 अपवोट')).toBeTruthy();
    for (const name of ['जानकारी और स्पेसिफ़िकेशन', 'वैरिएंट', 'लिस्टिंग', 'किसी दूसरे मॉडल में मिलाएँ', 'इतिहास']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    expect(screen.getByRole('heading', { name: 'Redmi Note 13 की फ़ोटो' })).toBeTruthy();
    // The form: its labels, the category and status in Hindi, the attributes by their Hindi names.
    expect((screen.getByLabelText('कैटेगरी') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe(
      'मोबाइल डिवाइस',
    );
    expect((screen.getByLabelText('फ़ोन की स्थिति') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe(
      'उपलब्ध',
    );
    expect(screen.getByRole('group', { name: 'परिचय स्पेसिफ़िकेशन' })).toBeTruthy();
    expect(screen.getByLabelText('बैटरी')).toBeTruthy();
    // The variants' table.
    const table = screen.getByRole('table', { name: 'Note 13 के वैरिएंट' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['वैरिएंट', 'RAM', 'स्टोरेज', 'कीमत', 'कार्रवाई']);
    expect(within(table).getByText('कोई कीमत नहीं')).toBeTruthy();
    expect(within(table).getByRole('button', { name: /^कीमत दर्ज करें\s*\(स्टैंडर्ड के लिए\)$/ })).toBeTruthy();
    // The history, with a Hindi date.
    expect(await screen.findByText('23 दिसंबर 2026, 20:00')).toBeTruthy();
    expect(screen.getByText('मॉडल एडिट किया')).toBeTruthy();
    expect(screen.getByText('कमांड लाइन (@meera1 का सुझाव)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'बदलाव सेव करें' }));
    expect(await screen.findByText('कुछ भी नहीं बदला है।')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('मॉडल का नाम'), { target: { value: 'Note 13 5G' } });
    fireEvent.click(screen.getByRole('button', { name: 'बदलाव सेव करें' }));
    expect(await screen.findByText('बदलाव सेव हो गए।')).toBeTruthy();
    expect(sent.find((s) => s.method === 'PATCH')?.body).toEqual({ model: 'Note 13 5G' });
    expect(document.body.textContent).not.toMatch(
      /Details and attributes|Variants|Listing|History|Save changes|Changes saved|Category|Brand|Battery|No price|Standard|Hide|Merge|Photos|Loading/,
    );
  });

  it('records a price in Hindi: labels, messages and the toast', async () => {
    serve();
    renderInHindi(
      <CatalogueModel {...({ params: { id: '5' } } as unknown as Parameters<typeof CatalogueModel>[0])} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: /^कीमत दर्ज करें\s*\(स्टैंडर्ड के लिए\)$/ }));
    const form = screen.getByRole('region', { name: 'स्टैंडर्ड वैरिएंट की कीमत' });
    fireEvent.click(within(form).getByRole('button', { name: 'कीमत दर्ज करें' }));
    expect(await within(form).findByText('कीमत 1 से 1,00,00,000 तक के पूरे रुपयों में लिखें।')).toBeTruthy();
    expect(within(form).getByLabelText(/कहाँ देखी गई/)).toBeTruthy();
    expect(within(form).getByLabelText(/कब देखी गई/)).toBeTruthy();
    expect(form.textContent).not.toMatch(/Price|Enter|Where|Seen|Record/);
  });

  it('titles the page in Hindi', () => {
    const [title] = catalogueMeta({
      location: { pathname: '/catalogue' },
      matches: [{ id: 'root', data: { origin: 'https://verdict.in', locale: 'hi' } }],
    });
    expect(title).toEqual({ title: 'कैटलॉग · Verdict' });
  });
});
