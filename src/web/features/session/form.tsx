import {
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  useCallback,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { z } from 'zod';
import { fieldErrors } from '../../../shared/account.ts';
import { useLocale } from '../../i18n/i18n.tsx';
import { errorMessage, isSilent } from '../../lib/api.ts';
import { AccountApiError } from './api.ts';
import { fieldText, fieldTexts, isKnownFieldText } from './field-texts.ts';

/**
 * The account forms' behaviour, one zod schema each (the same one the server checks the request with): a
 * field's message shows once the user leaves it and then follows their typing; submitting shows them all and
 * moves focus to the first; the server's `fields`/`field` messages go under their fields until edited, other
 * failures into the form's alert.
 */
export interface FormOptions<K extends string, I> {
  schema: z.ZodType;
  initial: Record<K, string>;
  /** What the schema checks and `submit` sends, made from the values (by default, the values themselves). */
  input?: (values: Record<K, string>) => I;
  /** A message for the confirmation field when it differs (zod checks it only once the rest is valid). */
  confirm?: { field: NoInfer<K>; of: NoInfer<K>; message: string };
  /** A message to show instead of the schema's for a field (where the schema keeps zod's default). */
  messages?: Partial<Record<NoInfer<K>, string>>;
  /** Where failures that belong to no field go instead of the form's `alert` (a toast, say). */
  onAlert?: (message: string) => void;
}

export interface FieldProps {
  id: string;
  name: string;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
  onBlur(): void;
}

export function useForm<K extends string, I = Record<K, string>>({
  schema,
  initial,
  input,
  confirm,
  messages,
  onAlert,
}: FormOptions<K, I>) {
  const prefix = useId();
  const [values, setValues] = useState<Record<K, string>>(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [server, setServer] = useState<Partial<Record<string, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const busy = useRef(false);

  const data = useMemo(() => (input ? input(values) : (values as I)), [input, values]);
  const [errors, valid] = useMemo(() => {
    const result = schema.safeParse(data);
    const out: Partial<Record<string, string>> = result.success ? {} : fieldErrors(result.error);
    if (
      confirm &&
      !out[confirm.field] &&
      values[confirm.field] &&
      values[confirm.field] !== values[confirm.of]
    ) {
      out[confirm.field] = confirm.message;
    }
    for (const [name, message] of Object.entries(messages ?? {}) as [K, string][]) {
      if (out[name]) out[name] = message;
    }
    return [out, result.success && !Object.keys(out).length] as const;
  }, [schema, data, values, confirm, messages]);

  const idOf = useCallback((name: K) => `${prefix}-${name}`, [prefix]);

  const field = (name: K): FieldProps => ({
    id: idOf(name),
    name,
    value: values[name],
    error: (touched[name] ? errors[name] : undefined) ?? server[name],
    onChange: (value: string) => {
      setValues((v) => ({ ...v, [name]: value }));
      setServer((s) => (s[name] ? { ...s, [name]: undefined } : s));
    },
    onBlur: () => setTouched((t) => (t[name] ? t : { ...t, [name]: true })),
  });

  const focusField = (name: string) => {
    const el = document.getElementById(`${prefix}-${name}`);
    el?.focus();
  };

  /** Shows a failed call: under its field(s) when the server names them, otherwise in the alert (or onAlert). */
  const showError = (err: unknown) => {
    if (isSilent(err)) return;
    const message = errorMessage(err);
    if (err instanceof AccountApiError) {
      const named = { ...err.fields };
      // A field's own message (shown in the page's language under it), else the code's.
      const own = err.code === 'VALIDATION' && isKnownFieldText(err.english) ? err.english : message;
      if (err.field && err.field in values && !named[err.field]) named[err.field] = own;
      const known = Object.keys(named).filter((k) => k in values);
      if (known.length) {
        setServer(Object.fromEntries(known.map((k) => [k, named[k]])));
        setAlert(null);
        focusField(known[0]!);
        return;
      }
    }
    if (onAlert) onAlert(message);
    else setAlert(message);
  };

  /**
   * Validates (the fields, then `ready`, for what is not a field such as the CAPTCHA), then runs `send`, one
   * at a time; what it throws is shown under the fields or in the alert.
   */
  const submit = (send: (input: I) => Promise<void>, ready?: () => boolean) => async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    setAlert(null);
    const names = Object.keys(values) as K[];
    setTouched(Object.fromEntries(names.map((n) => [n, true])) as Record<K, boolean>);
    const firstBad = names.find((n) => errors[n]);
    if (firstBad) {
      focusField(firstBad);
      return;
    }
    if (ready && !ready()) return;
    busy.current = true;
    setSending(true);
    try {
      await send(data);
    } catch (err) {
      showError(err);
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  const reset = (next: Record<K, string> = initial) => {
    setValues(next);
    setTouched({});
    setServer({});
    setAlert(null);
  };

  return { field, submit, sending, alert, reset, idOf, valid };
}

// ── Fields ──────────────────────────────────────────────────────────────────────────────────────────────

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'value' | 'onChange' | 'onBlur'
>;

interface FieldShellProps {
  field: FieldProps;
  label: string;
  hint?: ReactNode;
  /** A status under the field that is not an error (for example 'Username is available'). */
  status?: string | undefined;
  optional?: boolean;
  /** Marks the label with a red asterisk (hidden from screen readers: the input is `required`). */
  required?: boolean;
  children: (describedBy: string | undefined, invalid: boolean) => ReactNode;
}

function FieldShell({ field, label, hint, status, optional, required, children }: FieldShellProps) {
  const locale = useLocale();
  const t = fieldTexts.useT();
  // Messages (the schemas' and the server's, in English) in the page's language.
  const error = field.error && fieldText(field.error, label, locale);
  const statusText = status && fieldText(status, label, locale);
  const hintId = `${field.id}-hint`;
  const errorId = `${field.id}-error`;
  const statusId = `${field.id}-status`;
  const describedBy =
    [hint ? hintId : null, error ? errorId : null, statusText && !error ? statusId : null]
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <div className="form-field">
      <label htmlFor={field.id}>
        {label}
        {required && (
          <span className="field-required" aria-hidden="true">
            {' *'}
          </span>
        )}
        {optional && <span className="muted">{t('optional')}</span>}
      </label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {children(describedBy, !!error)}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : (
        statusText && (
          <p id={statusId} className="field-status">
            {statusText}
          </p>
        )
      )}
    </div>
  );
}

export function TextField({
  field,
  label,
  hint,
  status,
  optional,
  required,
  ...input
}: Omit<FieldShellProps, 'children'> & InputProps) {
  return (
    <FieldShell
      field={field}
      label={label}
      hint={hint}
      status={status}
      optional={optional}
      required={required}
    >
      {(describedBy, invalid) => (
        <input
          type="text"
          {...input}
          required={required}
          id={field.id}
          name={field.name}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    </FieldShell>
  );
}

export function PasswordField({
  field,
  label,
  hint,
  autoComplete,
}: {
  field: FieldProps;
  label: string;
  hint?: ReactNode;
  autoComplete: 'current-password' | 'new-password';
}) {
  const [visible, setVisible] = useState(false);
  const t = fieldTexts.useT();
  return (
    <FieldShell field={field} label={label} hint={hint}>
      {(describedBy, invalid) => (
        <div className="password-input">
          <input
            type={visible ? 'text' : 'password'}
            id={field.id}
            name={field.name}
            value={field.value}
            autoComplete={autoComplete}
            spellCheck={false}
            autoCapitalize="none"
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
          />
          <button
            type="button"
            className="password-toggle"
            aria-pressed={visible}
            aria-controls={field.id}
            aria-label={t('showLabel', { label: label.toLowerCase() })}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? t('hide') : t('show')}
          </button>
        </div>
      )}
    </FieldShell>
  );
}

export function SelectField({
  field,
  label,
  options,
}: {
  field: FieldProps;
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  const t = fieldTexts.useT();
  return (
    <FieldShell field={field} label={label}>
      {(describedBy, invalid) => (
        <select
          id={field.id}
          name={field.name}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        >
          <option value="">{t('choose')}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

/** The form's own message (failures that belong to no field). */
export function FormAlert({ message, children }: { message: string | null; children?: ReactNode }) {
  if (!message) return null;
  return (
    <div role="alert" className="alert form-alert">
      <p>{message}</p>
      {children}
    </div>
  );
}

export function SubmitButton({
  sending,
  children,
  sendingText,
  disabled,
  describedBy,
}: {
  sending: boolean;
  children: ReactNode;
  sendingText?: string;
  /** Also disabled while this is true (for example until the form is valid). */
  disabled?: boolean;
  describedBy?: string | undefined;
}) {
  const t = fieldTexts.useT();
  return (
    <button
      type="submit"
      className="button button-primary form-submit"
      disabled={sending || disabled}
      aria-describedby={describedBy}
    >
      {sending ? (sendingText ?? t('pleaseWait')) : children}
    </button>
  );
}
