import { type FormEvent, useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  describePlan,
  IMPORT_MAX_BYTES,
  type ImportResponse,
  isEmptyPlan,
  summarizePlan,
} from '../../../shared/catalogue-import.ts';
import { isEditor } from '../../../shared/moderation-constants.ts';
import { MESSAGES } from '../../../shared/texts.ts';
import { NotForYou, useRole } from '../moderation/staff-page.tsx';
import { AccountApiError, useAuthFetch } from '../session/api.ts';
import { CATALOGUE_API, isForbidden } from './editor-api.ts';
import { catalogueEditorTexts } from './texts.ts';

type Outcome =
  { kind: 'plan'; response: ImportResponse } | { kind: 'refused'; message: string; errors: string[] };

/**
 * /catalogue/import (issue 19): an editor chooses a JSON or CSV file, "Check" shows what it would change (or
 * every `file:row:field: reason` that refuses it), "Apply" applies it and shows what it did.
 */
export function CatalogueImport({ token }: { token: string }) {
  const role = useRole(token);
  const authFetch = useAuthFetch();
  const t = catalogueEditorTexts.useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [forbidden, setForbidden] = useState(false);

  const send = useCallback(
    async (dryRun: boolean) => {
      setFileError(null);
      if (!file) {
        setFileError(t('importMissing'));
        input.current?.focus();
        return;
      }
      if (file.size > IMPORT_MAX_BYTES) {
        setFileError(t('importTooLarge'));
        input.current?.focus();
        return;
      }
      const form = new FormData();
      form.append('file', file, file.name);
      setBusy(true);
      try {
        const response = await authFetch<ImportResponse>(`${CATALOGUE_API}/imports?dry_run=${dryRun}`, {
          base: '',
          method: 'POST',
          body: form,
        });
        setOutcome({ kind: 'plan', response });
      } catch (err) {
        if (isForbidden(err)) setForbidden(true);
        else if (err instanceof AccountApiError && err.errors.length)
          setOutcome({ kind: 'refused', message: err.message, errors: err.errors });
        else if (err instanceof AccountApiError && err.field === 'file') setFileError(err.message);
        else
          setOutcome({
            kind: 'refused',
            message: err instanceof Error ? err.message : MESSAGES.generic,
            errors: [],
          });
      } finally {
        setBusy(false);
      }
    },
    [authFetch, file, t],
  );

  if (forbidden || (role && !isEditor(role))) return <NotForYou message={t('forEditors')} />;

  const check = (e: FormEvent) => {
    e.preventDefault();
    void send(true);
  };
  const plan = outcome?.kind === 'plan' ? outcome.response : null;
  return (
    <>
      <p className="cat-crumbs">
        <Link to="/catalogue">{t('titleCatalogue')}</Link>
      </p>
      <section aria-labelledby={`${id}-title`} className="cat-section">
        <h2 id={`${id}-title`}>{t('titleImport')}</h2>
        <p>{t('importIntro')}</p>
        <form className="account-form" noValidate onSubmit={check}>
          <div className="form-field">
            <label htmlFor={`${id}-file`}>{t('fileLabel')}</label>
            <input
              ref={input}
              id={`${id}-file`}
              type="file"
              accept=".json,.csv,application/json,text/csv"
              aria-describedby={fileError ? `${id}-file-error` : undefined}
              aria-invalid={fileError ? true : undefined}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setOutcome(null);
                setFileError(null);
              }}
            />
            {fileError && (
              <p id={`${id}-file-error`} role="alert" className="field-error">
                {fileError}
              </p>
            )}
          </div>
          <button type="submit" className="button" disabled={busy}>
            {t('check')}
          </button>
        </form>
      </section>
      <div aria-live="polite">
        {busy && (
          <p role="status" className="muted">
            {t('working')}
          </p>
        )}
        {outcome?.kind === 'refused' && (
          <section aria-labelledby={`${id}-refused`} className="cat-section">
            <h2 id={`${id}-refused`}>{t('notImported')}</h2>
            <p role="alert" className="field-error">
              {outcome.message}
            </p>
            {outcome.errors.length > 0 && (
              <ul className="cat-import-lines">
                {outcome.errors.map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            )}
          </section>
        )}
        {plan && (
          <section aria-labelledby={`${id}-plan`} className="cat-section">
            <h2 id={`${id}-plan`}>
              {plan.applied
                ? t('imported', { file: plan.plan.file })
                : t('wouldChange', { file: plan.plan.file })}
            </h2>
            <p>{summarizePlan(plan.plan)}</p>
            {!isEmptyPlan(plan.plan) && (
              <ul className="cat-import-lines">
                {describePlan(plan.plan).map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            )}
            {!plan.applied && !isEmptyPlan(plan.plan) && (
              <button
                type="button"
                className="button button-primary"
                disabled={busy}
                onClick={() => void send(false)}
              >
                {t('apply')}
              </button>
            )}
          </section>
        )}
      </div>
    </>
  );
}
