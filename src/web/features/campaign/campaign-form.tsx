import { useCallback, useId } from 'react';
import {
  CAMPAIGN_RATING,
  type CampaignFeedbackInput,
  CampaignFeedbackSchema,
  type CampaignView,
} from '../../../shared/campaign.ts';
import { PLATFORM_API } from '../../../shared/constants.ts';
import { TextAreaField } from '../community/text-area-field.tsx';
import { accountFetch } from '../session/api.ts';
import { SubmitButton, TextField, useForm } from '../session/form.tsx';
import { useToast } from '../toasts/toasts.tsx';
import { campaignTexts, fieldMessage } from './texts.ts';

type Values = Record<
  'firstName' | 'lastName' | 'email' | 'country' | 'city' | 'description' | 'rating',
  string
>;

/** The rating as the slider shows it and the server stores it: tenths (0.30000000000000004 becomes 0.3). */
export const roundRating = (value: number) =>
  Math.round(Math.min(CAMPAIGN_RATING.max, Math.max(CAMPAIGN_RATING.min, value)) * 10) / 10;
/** '2.5', '5.0': one decimal, like every rating on Verdict. */
export const formatCampaignRating = (value: number) => value.toFixed(1);

interface SubmitResponse {
  success: true;
  rating: number;
}

interface CampaignFormProps {
  campaign: CampaignView;
  /** The server took the feedback; `rating` is the one it stored. */
  onSubmitted(rating: number): void;
}

/**
 * The campaign's feedback (spec sections 3 and 4): the 0 to 5 slider in steps of 0.1, then the names, email,
 * country, city and a comment, on the account forms' useForm (session/form.tsx). The shared schema (the one
 * the server checks the request with) validates on every change; a field's message shows once the user has
 * left it, and Send stays disabled until everything is valid and while sending. The server's field messages go
 * under their fields; any other failure (too many requests, offline, a fault) is an error toast.
 */
export function CampaignForm({ campaign, onSubmitted }: CampaignFormProps) {
  const toast = useToast();
  const t = campaignTexts.useT();
  const submitHint = useId();
  /** The request: the texts trimmed, the rating a number, and the campaign. */
  const input = useCallback(
    (v: Values): CampaignFeedbackInput => ({
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      email: v.email.trim(),
      country: v.country.trim(),
      city: v.city.trim(),
      description: v.description.trim(),
      rating: Number(v.rating),
      campaignId: campaign.id,
    }),
    [campaign.id],
  );
  const form = useForm({
    schema: CampaignFeedbackSchema,
    initial: {
      firstName: '',
      lastName: '',
      email: '',
      country: campaign.country,
      city: '',
      description: '',
      rating: String(CAMPAIGN_RATING.initial),
    },
    input,
    onAlert: (message) => toast.show({ id: 'campaign-error', message, type: 'error' }),
  });

  const send = form.submit(async (body) => {
    const result = await accountFetch<SubmitResponse>('/submit-campaign', {
      method: 'POST',
      base: PLATFORM_API,
      json: body,
    });
    onSubmitted(Number.isFinite(result.rating) ? roundRating(result.rating) : body.rating);
  });

  /** A field with its message in the page's language. */
  const field = (name: keyof Values) => {
    const f = form.field(name);
    return { ...f, error: fieldMessage(f.error, t) };
  };
  const rating = field('rating');
  const shown = formatCampaignRating(Number(rating.value));
  const ratingHint = `${rating.id}-hint`;
  const ratingError = `${rating.id}-error`;

  return (
    <form className="campaign-form" onSubmit={(e) => void send(e)} noValidate aria-busy={form.sending}>
      <div className="campaign-slider">
        <div className="campaign-slider-head">
          <label htmlFor={rating.id} className="campaign-slider-label">
            {t('howHelpful')}
          </label>
          {/* The slider's own value text is what a screen reader announces: the output stays quiet. */}
          <output htmlFor={rating.id} className="campaign-slider-value" aria-live="off">
            {shown} / 5
          </output>
        </div>
        <input
          id={rating.id}
          type="range"
          name={rating.name}
          min={CAMPAIGN_RATING.min}
          max={CAMPAIGN_RATING.max}
          step={CAMPAIGN_RATING.step}
          value={rating.value}
          aria-valuetext={t('outOf5', { rating: shown })}
          aria-invalid={rating.error ? true : undefined}
          aria-describedby={rating.error ? `${ratingHint} ${ratingError}` : ratingHint}
          onChange={(e) => rating.onChange(String(roundRating(Number(e.currentTarget.value))))}
          onBlur={rating.onBlur}
        />
        <p id={ratingHint} className="campaign-slider-scale">
          <span>{t('notHelpful')}</span>
          <span>{t('veryHelpful')}</span>
        </p>
        {rating.error && (
          <p id={ratingError} className="field-error">
            {rating.error}
          </p>
        )}
      </div>

      <p className="campaign-required-note">
        {t('requiredBefore')} <span className="field-required">*</span> {t('requiredAfter')}
      </p>
      <div className="form-row">
        <TextField
          field={field('firstName')}
          label={t('firstName')}
          required
          autoComplete="given-name"
          maxLength={50}
        />
        <TextField
          field={field('lastName')}
          label={t('lastName')}
          required
          autoComplete="family-name"
          maxLength={50}
        />
      </div>
      <TextField
        field={field('email')}
        label={t('email')}
        required
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={254}
      />
      <div className="form-row">
        <TextField
          field={field('country')}
          label={t('country')}
          optional
          autoComplete="country-name"
          maxLength={60}
        />
        <TextField
          field={field('city')}
          label={t('city')}
          optional
          autoComplete="address-level2"
          maxLength={60}
        />
      </div>
      <TextAreaField field={field('description')} label={t('comment')} optional rows={4} maxLength={2000} />

      <div className="campaign-submit">
        <SubmitButton
          sending={form.sending}
          sendingText={t('sending')}
          disabled={!form.valid}
          describedBy={form.valid ? undefined : submitHint}
        >
          {t('send')}
        </SubmitButton>
        {!form.valid && (
          <p id={submitHint} className="field-hint">
            {t('fillIn')}
          </p>
        )}
      </div>
    </form>
  );
}
