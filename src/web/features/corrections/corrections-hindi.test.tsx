import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CORRECTION_MESSAGES } from '../../../shared/corrections.ts';
import '../../i18n/hindi.ts';
import { LocaleProvider } from '../../i18n/i18n.tsx';
import { SessionProvider } from '../session/session.tsx';
import { ToastProvider } from '../toasts/toasts.tsx';
import { CorrectionButton } from './correction-button.tsx';
import { correctionTexts, fieldMessage } from './texts.ts';

describe('Suggest a correction in Hindi', () => {
  it('names the button in Hindi', () => {
    const html = renderToString(
      <MemoryRouter>
        <LocaleProvider value="hi">
          <ToastProvider>
            <SessionProvider>
              <CorrectionButton target={{ productId: 1, category: 'mobile', variants: [], selectedId: 1 }} />
            </SessionProvider>
          </ToastProvider>
        </LocaleProvider>
      </MemoryRouter>,
    );
    expect(html).toContain('सुधार का सुझाव दें');
    expect(html).not.toContain('Suggest a correction');
  });

  it('gives the schema’s field messages in the page’s language', () => {
    expect(fieldMessage(CORRECTION_MESSAGES.value, correctionTexts.t('en'))).toBe(CORRECTION_MESSAGES.value);
    expect(fieldMessage(CORRECTION_MESSAGES.value, correctionTexts.t('hi'))).toBe(
      'सही जानकारी 1 से 200 कैरेक्टर में लिखें।',
    );
    expect(fieldMessage(undefined, correctionTexts.t('hi'))).toBeUndefined();
  });
});
