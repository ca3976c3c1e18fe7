import { localizePath } from '../../shared/locale.ts';
import en from '../i18n/locales/en/errorsPage.json';
import { messages, useLocale } from '../i18n/i18n.tsx';

const errorTexts = messages('errorsPage', en);

/** Each error page's texts (keys of the errorsPage catalogue). */
const PAGES = {
  '404': { title: 'notFoundTitle', heading: 'notFoundHeading', text: 'notFoundText' },
  '400': { title: 'badRequestTitle', heading: 'badRequestHeading', text: 'badRequestText' },
  '500': { title: 'serverErrorTitle', heading: 'serverErrorHeading', text: 'serverErrorText' },
  maintenance: { title: 'maintenanceTitle', heading: 'maintenanceHeading', text: 'maintenanceText' },
} as const;

/** Error pages; "Go to home" is a plain link, so it reloads the whole app at /. */
export function ErrorPage({
  kind,
  message,
  supportEmail,
}: {
  kind: keyof typeof PAGES;
  message?: string | undefined;
  /** The site's support address, if it has one: the maintenance page offers it. */
  supportEmail?: string | null | undefined;
}) {
  const support = kind === 'maintenance' ? supportEmail : null;
  const page = PAGES[kind];
  const t = errorTexts.useT();
  const locale = useLocale();
  return (
    <section className="error-page" aria-labelledby="error-heading">
      {/* The error pages set their own head: React places these in it. */}
      <title>{`${t(page.title)} · Verdict`}</title>
      <meta name="robots" content="noindex" />
      <p className="error-code" aria-hidden="true">
        {kind === 'maintenance' ? '⚙' : kind}
      </p>
      <h1 id="error-heading">{t(page.heading)}</h1>
      <p>{message ?? t(page.text)}</p>
      {support && (
        <p>
          {t('keepsHappening')} <a href={`mailto:${support}`}>{support}</a>.
        </p>
      )}
      <a
        className="button button-primary"
        href={localizePath('/', locale)}
        data-discover="false"
        rel="external"
      >
        {t('goHome')}
      </a>
    </section>
  );
}
