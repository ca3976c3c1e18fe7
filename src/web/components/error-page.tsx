const PAGES = {
  '404': {
    title: '404',
    heading: 'Page not found',
    text: 'The page you are looking for does not exist or has moved.',
  },
  '400': {
    title: 'Check the address',
    heading: 'That request did not make sense',
    text: 'Some part of the address is not valid.',
  },
  '500': {
    title: '500',
    heading: 'Internal server error',
    text: 'Something went wrong on our side. Please try again.',
  },
  maintenance: {
    title: "We'll Be Back Soon",
    heading: "We'll Be Back Soon",
    text: 'Something broke while showing this page. We are on it.',
  },
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
  return (
    <section className="error-page" aria-labelledby="error-heading">
      {/* The error pages set their own head: React places these in it. */}
      <title>{`${page.title} · Verdict`}</title>
      <meta name="robots" content="noindex" />
      <p className="error-code" aria-hidden="true">
        {kind === 'maintenance' ? '⚙' : kind}
      </p>
      <h1 id="error-heading">{page.heading}</h1>
      <p>{message ?? page.text}</p>
      {support && (
        <p>
          If it keeps happening, write to <a href={`mailto:${support}`}>{support}</a>.
        </p>
      )}
      <a className="button button-primary" href="/" data-discover="false" rel="external">
        Go to home
      </a>
    </section>
  );
}
