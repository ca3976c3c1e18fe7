import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import '../../i18n/hindi.ts';
import type { Notice, Standing } from '../../../shared/moderation.ts';
import { LocaleProvider } from '../../i18n/i18n.tsx';
import { MyStanding } from './my-moderation.tsx';

const notice = (n: Partial<Notice> & Pick<Notice, 'action'>): Notice => ({
  id: Math.floor(Math.random() * 1e6),
  at: '2025-05-26T10:15:00.000Z',
  reason: 'Hidden automatically after several reports, until a moderator reviews it.',
  days: null,
  appeal: null,
  appealable: true,
  item: null,
  ...n,
});

describe('your standing in Hindi', () => {
  it('words the suspension and each notice for the author in Hindi; the post stays as written', () => {
    const standing: Standing = {
      success: true,
      role: 'user',
      suspension: { until: '2025-06-02T10:15:00.000Z', reason: 'Repeated spam.' },
      new_account: false,
      notices: [
        notice({
          action: 'auto_hide',
          item: {
            target_type: 'review',
            label: 'Review of Samsung Galaxy S24',
            text: 'Battery is awful',
            link: '/product/1/review/2',
          },
        }),
        notice({ action: 'suspend', days: 7, appealable: false }),
      ],
    };
    const html = renderToString(
      <LocaleProvider value="hi">
        <MemoryRouter>
          <MyStanding state={{ standing, error: null, retry: () => undefined }} />
        </MemoryRouter>
      </LocaleProvider>,
    ).replace(/<!-- -->/g, '');
    for (const text of [
      'आपके अकाउंट की स्थिति',
      'आपका अकाउंट इस समय तक सस्पेंड है: ',
      'जून 2025',
      'Samsung Galaxy S24 पर आपका रिव्यू रिपोर्ट मिलने पर अपने-आप छिपा दिया गया है',
      'कई रिपोर्ट के बाद अपने-आप छिपा दिया गया',
      'आपका अकाउंट 7 दिन के लिए सस्पेंड किया गया',
      'इस फ़ैसले पर अपील करें',
      'यह अब भी छिपा है: दूसरे सदस्य इसे नहीं देख सकते।',
      'मॉडरेशन सूचनाएँ',
      '26 मई 2025',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('Battery is awful');
    expect(html).toContain('Repeated spam.');
  });
});
