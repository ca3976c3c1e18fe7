import { type FormEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { CAMPAIGN_RATING, CampaignFeedbackSchema, type CampaignView } from '../../../shared/campaign.ts';
import { PLATFORM_API } from '../../../shared/constants.ts';
import { errorMessage, isSilent } from '../../lib/api.ts';
import { AccountApiError, accountFetch } from '../session/api.ts';
import { useToast } from '../toasts/toasts.tsx';

/** The form's text fields, in the order they are shown (and focused when one is wrong). */
const TEXT_FIELDS = ['firstName', 'lastName', 'email', 'country', 'city', 'description'] as const;
type TextName = (typeof TEXT_FIELDS)[number];
/** Everything a message can be shown under: the text fields and the slider. */
type FieldName = TextName | 'rating';
type Messages = Partial<Record<FieldName, string>>;

const isFieldName = (name: string): name is FieldName =>
  name === 'rating' || (TEXT_FIELDS as readonly string[]).includes(name);

/** The rating as the slider shows it and the server stores it: tenths (0.30000000000000004 becomes 0.3). */
export const roundRating = (value: number) =>
  Math.round(Math.min(CAMPAIGN_RATING.max, Math.max(CAMPAIGN_RATING.min, value)) * 10) / 10;
/** '2.5', '5.0': one decimal, like every rating on Verdict. */
export const formatCampaignRating = (value: number) => value.toFixed(1);

/** Each field's first message from a failed parse. */
function messagesOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Messages {
  const out: Messages = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (isFieldName(key) && !out[key]) out[key] = issue.message;
  }
  return out;
}

interface SubmitResponse {
  success: true;
  rating: number;
}

export interface CampaignFormProps {
  campaign: CampaignView;
  /** The server took the feedback; `rating` is the one it stored. */
  onSubmitted(rating: number): void;
}

/**
 * The campaign's feedback (spec sections 3 and 4): the 0 to 5 slider in steps of 0.1, then the names, email,
 * country, city and a comment. The shared schema (the one the server checks the request with) validates on
 * every change; a field's message shows once the user has left it (or tried to send), and Send stays disabled
 * until everything is valid and while sending. The server's field messages go under their fields; any other
 * failure (too many requests, offline, a fault) is an error toast.
 */
export function CampaignForm({ campaign, onSubmitted }: CampaignFormProps) {
  const id = useId();
  const toast = useToast();
  const [values, setValues] = useState<Record<TextName, string>>({
    firstName: '',
    lastName: '',
    email: '',
    country: campaign.country,
    city: '',
    description: '',
  });
  const [rating, setRating] = useState<number>(CAMPAIGN_RATING.initial);
  const [touched, setTouched] = useState<Partial<Record<TextName, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  const [server, setServer] = useState<Messages>({});
  const [sending, setSending] = useState(false);
  const busy = useRef(false);

  const body = useMemo(
    () => ({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      country: values.country.trim(),
      city: values.city.trim(),
      description: values.description.trim(),
      rating,
      campaignId: campaign.id,
    }),
    [values, rating, campaign.id],
  );
  const parsed = useMemo(() => CampaignFeedbackSchema.safeParse(body), [body]);
  const errors = useMemo(() => (parsed.success ? {} : messagesOf(parsed.error.issues)), [parsed]);
  const valid = parsed.success;

  const idOf = (name: FieldName) => `${id}-${name}`;
  const focusField = (name: FieldName) => document.getElementById(idOf(name))?.focus();
  const shown = (name: FieldName): string | undefined =>
    (name === 'rating' || attempted || touched[name] ? errors[name] : undefined) ?? server[name];

  const change = (name: TextName, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setServer((s) => (s[name] ? { ...s, [name]: undefined } : s));
  };

  /** A failure the server names fields for goes under them; anything else is an error toast. */
  const showError = (err: unknown) => {
    if (isSilent(err)) return;
    const message = errorMessage(err);
    if (err instanceof AccountApiError) {
      const named: Record<string, string> = { ...err.fields };
      if (err.field && !named[err.field]) named[err.field] = message;
      const known = (['rating', ...TEXT_FIELDS] as const).filter((k) => named[k]);
      if (known.length) {
        setServer(Object.fromEntries(known.map((k) => [k, named[k]])));
        focusField(known[0]!);
        return;
      }
    }
    toast.show({ id: 'campaign-error', message, type: 'error' });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    setAttempted(true);
    if (!valid) {
      const first = (['rating', ...TEXT_FIELDS] as const).find((k) => errors[k]);
      if (first) focusField(first);
      return;
    }
    busy.current = true;
    setSending(true);
    try {
      const result = await accountFetch<SubmitResponse>('/submit-campaign', {
        method: 'POST',
        base: PLATFORM_API,
        json: body,
      });
      onSubmitted(Number.isFinite(result.rating) ? roundRating(result.rating) : rating);
    } catch (err) {
      showError(err);
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  const text = (name: TextName) => ({
    id: idOf(name),
    name,
    value: values[name],
    error: shown(name),
    onChange: (value: string) => change(name, value),
    onBlur: () => setTouched((t) => (t[name] ? t : { ...t, [name]: true })),
  });

  const ratingError = shown('rating');
  const ratingHint = `${id}-rating-hint`;
  const ratingErrorId = `${id}-rating-error`;
  const submitHint = `${id}-submit-hint`;

  return (
    <form className="campaign-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={sending}>
      <div className="campaign-slider">
        <div className="campaign-slider-head">
          <label htmlFor={idOf('rating')} className="campaign-slider-label">
            How helpful would Verdict be for you?
          </label>
          {/* The slider's own value text is what a screen reader announces: the output stays quiet. */}
          <output htmlFor={idOf('rating')} className="campaign-slider-value" aria-live="off">
            {formatCampaignRating(rating)} / 5
          </output>
        </div>
        <input
          id={idOf('rating')}
          type="range"
          name="rating"
          min={CAMPAIGN_RATING.min}
          max={CAMPAIGN_RATING.max}
          step={CAMPAIGN_RATING.step}
          value={rating}
          aria-valuetext={`${formatCampaignRating(rating)} out of 5`}
          aria-invalid={ratingError ? true : undefined}
          aria-describedby={[ratingHint, ratingError ? ratingErrorId : null].filter(Boolean).join(' ')}
          onChange={(e) => {
            setRating(roundRating(Number(e.currentTarget.value)));
            setServer((s) => (s.rating ? { ...s, rating: undefined } : s));
          }}
        />
        <p id={ratingHint} className="campaign-slider-scale">
          <span>0: not helpful</span>
          <span>5: very helpful</span>
        </p>
        {ratingError && (
          <p id={ratingErrorId} className="field-error">
            {ratingError}
          </p>
        )}
      </div>

      <p className="campaign-required-note">
        Fields marked <span className="campaign-required">*</span> are required.
      </p>
      <div className="form-row">
        <Field field={text('firstName')} label="First name" required>
          {(props) => <input type="text" autoComplete="given-name" maxLength={50} {...props} />}
        </Field>
        <Field field={text('lastName')} label="Last name" required>
          {(props) => <input type="text" autoComplete="family-name" maxLength={50} {...props} />}
        </Field>
      </div>
      <Field field={text('email')} label="Email" required>
        {(props) => (
          <input
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={254}
            {...props}
          />
        )}
      </Field>
      <div className="form-row">
        <Field field={text('country')} label="Country">
          {(props) => <input type="text" autoComplete="country-name" maxLength={60} {...props} />}
        </Field>
        <Field field={text('city')} label="City">
          {(props) => <input type="text" autoComplete="address-level2" maxLength={60} {...props} />}
        </Field>
      </div>
      <Field field={text('description')} label="Comment">
        {(props) => <textarea rows={4} maxLength={2000} {...props} />}
      </Field>

      <div className="campaign-submit">
        <button
          type="submit"
          className="button button-primary form-submit"
          disabled={!valid || sending}
          aria-describedby={valid ? undefined : submitHint}
        >
          {sending ? 'Sending…' : 'Send feedback'}
        </button>
        {!valid && (
          <p id={submitHint} className="field-hint">
            Fill in your first name, last name and a valid email to send your feedback.
          </p>
        )}
      </div>
    </form>
  );
}

interface FieldState {
  id: string;
  name: string;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
  onBlur(): void;
}

interface ControlProps {
  id: string;
  name: string;
  value: string;
  required: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  onChange(e: { currentTarget: { value: string } }): void;
  onBlur(): void;
}

/** A labelled control with its message under it, as the account forms show them (session/form.tsx). */
function Field({
  field,
  label,
  required = false,
  children,
}: {
  field: FieldState;
  label: string;
  required?: boolean;
  children(props: ControlProps): ReactNode;
}) {
  const errorId = `${field.id}-error`;
  return (
    <div className="form-field">
      <label htmlFor={field.id}>
        {label}
        {required ? (
          <span className="campaign-required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : (
          <span className="muted"> (optional)</span>
        )}
      </label>
      {children({
        id: field.id,
        name: field.name,
        value: field.value,
        required,
        'aria-invalid': field.error ? true : undefined,
        'aria-describedby': field.error ? errorId : undefined,
        onChange: (e) => field.onChange(e.currentTarget.value),
        onBlur: field.onBlur,
      })}
      {field.error && (
        <p id={errorId} className="field-error">
          {field.error}
        </p>
      )}
    </div>
  );
}
