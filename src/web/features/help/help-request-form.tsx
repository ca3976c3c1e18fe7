import { useLayoutEffect, useRef, useState } from 'react';
import { PLATFORM_API } from '../../../shared/constants.ts';
import { HELP_LIMITS, type HelpKind, HelpRequestSchema } from '../../../shared/help.ts';
import { TextAreaField } from '../community/text-area-field.tsx';
import { accountFetch } from '../session/api.ts';
import { FormAlert, SubmitButton, TextField, useForm } from '../session/form.tsx';
import { useSession } from '../session/session.tsx';
import { helpMessage, helpTexts } from './texts.ts';

/** Each form's texts (keys of the help catalogue). */
const COPY = {
  bug: { heading: 'bugHeading', title: 'bugTitle', description: 'bugDescription', submit: 'bugSubmit' },
  feature: {
    heading: 'featureHeading',
    title: 'featureTitle',
    description: 'featureDescription',
    submit: 'featureSubmit',
  },
} as const;

/**
 * The help center's bug report and feature request form: stored with the signed-in user, if any (the token
 * is sent when there is one), and acknowledged in place; "Send another" starts again.
 */
export function HelpRequestForm({ kind }: { kind: HelpKind }) {
  const t = helpTexts.useT();
  const copy = COPY[kind];
  const { token } = useSession();
  const [sent, setSent] = useState<string | null>(null);
  const thanks = useRef<HTMLParagraphElement>(null);
  const form = useForm({
    schema: HelpRequestSchema,
    initial: { kind, title: '', description: '', page_url: '', email: '' },
  });
  const { idOf } = form;
  /** A field with its message in the page's language. */
  const field = (name: Parameters<typeof form.field>[0]) => {
    const f = form.field(name);
    return { ...f, error: helpMessage(f.error, t) };
  };

  // Focus follows the view, once it is in the DOM: to the acknowledgement when it shows (so a screen reader
  // reads it), back to the title when "Send another" brings the form back (not when the page opens).
  const acknowledged = useRef(false);
  useLayoutEffect(() => {
    if (sent) thanks.current?.focus();
    else if (acknowledged.current) document.getElementById(idOf('title'))?.focus();
    acknowledged.current = sent !== null;
  }, [sent, idOf]);

  const send = form.submit(async (values) => {
    const result = await accountFetch<{ message: string }>('/help-requests', {
      base: PLATFORM_API,
      method: 'POST',
      token,
      json: values,
    });
    setSent(result.message);
    form.reset();
  });

  return (
    <section className="help-form" aria-labelledby={`${kind}-form-heading`}>
      <h2 id={`${kind}-form-heading`}>{t(copy.heading)}</h2>
      {sent ? (
        <div className="notice notice-success">
          <p ref={thanks} tabIndex={-1} role="status">
            {helpMessage(sent, t)}
          </p>
          <button type="button" className="button" onClick={() => setSent(null)}>
            {t('sendAnother')}
          </button>
        </div>
      ) : (
        <form className="account-form" noValidate onSubmit={send}>
          <FormAlert message={form.alert} />
          <TextField field={field('title')} label={t(copy.title)} maxLength={HELP_LIMITS.title[1] + 20} />
          <TextAreaField
            field={field('description')}
            label={t(copy.description)}
            rows={6}
            max={HELP_LIMITS.description[1]}
          />
          {kind === 'bug' && (
            <TextField
              field={field('page_url')}
              label={t('pageUrl')}
              type="url"
              inputMode="url"
              placeholder="https://"
              optional
            />
          )}
          <TextField
            field={field('email')}
            label={t('email')}
            type="email"
            autoComplete="email"
            hint={token ? t('signedInHint') : undefined}
            optional
          />
          <div>
            <SubmitButton sending={form.sending} sendingText={t('sending')}>
              {t(copy.submit)}
            </SubmitButton>
          </div>
        </form>
      )}
    </section>
  );
}
