import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../shared/locale.ts';
import '../../i18n/hindi.ts';
import { LocaleProvider } from '../../i18n/i18n.tsx';
import { ToastProvider } from '../toasts/toasts.tsx';
import { ShareButton, COPY_FAILED, LINK_COPIED } from './share-button.tsx';
import { shareTexts } from './texts.ts';

const html = (locale: Locale) =>
  renderToString(
    <LocaleProvider value={locale}>
      <ToastProvider>
        <ShareButton title="Alpha One vs Beta Two" url="https://verdict.example/compare/a-vs-b" />
      </ToastProvider>
    </LocaleProvider>,
  );

describe('ShareButton in Hindi (issue 25)', () => {
  it('says Share in the page’s language, its toasts too', () => {
    expect(html('hi')).toMatch(/<\/svg>शेयर करें<\/button>/);
    expect(html('en')).toMatch(/<\/svg>Share<\/button>/);
    expect(shareTexts.t('en')('linkCopied')).toBe(LINK_COPIED);
    expect(shareTexts.t('en')('copyFailed')).toBe(COPY_FAILED);
    expect(shareTexts.t('hi')('linkCopied')).toBe('लिंक कॉपी हो गया।');
  });
});
