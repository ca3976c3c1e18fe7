import { type FocusEvent, useEffect, useId, useRef, useState } from 'react';
import { z } from '../../../shared/zod.ts';
import {
  ASPECTS,
  COMMUNITY_MESSAGES,
  COMMUNITY_SUCCESS,
  INCENTIVES,
  LIMITS,
  ReviewInputSchema,
} from '../../../shared/community.ts';
import type { Variant } from '../../../shared/api-types.ts';
import type { Page, Review, ReviewWithProduct } from '../../../shared/community-api.ts';
import { MAX_PAGE_SIZE, PLATFORM_API, USER_API } from '../../../shared/constants.ts';
import { formatDate, formatRating } from '../../../shared/format.ts';
import { useLocale } from '../../i18n/i18n.tsx';
import { useCommunityApi } from '../community/community-api.ts';
import { TextAreaField } from '../community/text-area-field.tsx';
import {
  type FieldProps,
  FormAlert,
  SelectField,
  SubmitButton,
  TextField,
  useForm,
} from '../session/form.tsx';
import { RadioGroup } from '../session/radio-group.tsx';
import { STAR_PATH } from './stars.tsx';
import { useCommunityTexts } from '../community/texts.ts';
import { ASPECT_KEYS, INCENTIVE_KEYS, ratingWord, reviewsTexts } from './texts.ts';

const RATINGS = [{ key: 'overall' }, ...ASPECTS] as const;
type RatingKey = (typeof RATINGS)[number]['key'];
type FieldName = RatingKey | 'summary' | 'description' | 'variant_id' | 'incentivised' | 'owned_since';

/** 0.5, 1, … 5: the ten choices of a rating (two halves of five stars). */
const STEPS = Array.from({ length: 10 }, (_, i) => (i + 1) / 2);

/** The form holds strings; a rating is one of the steps, and a missing one gets the spec's message. */
const rating = z
  .string()
  .refine((v) => STEPS.includes(Number(v)) && v !== '', COMMUNITY_MESSAGES.ratingsRequired);
/** This month where the browser is, "2026-11": the latest a phone can be owned since. */
const thisMonth = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
};
const FormSchema = ReviewInputSchema.extend({
  ...(Object.fromEntries(RATINGS.map((r) => [r.key, rating])) as Record<RatingKey, typeof rating>),
  variant_id: z.string(),
  // Asked of every reviewer (issue 22): there is no default answer.
  incentivised: z.enum(INCENTIVES, { error: COMMUNITY_MESSAGES.incentive }),
  owned_since: z
    .string()
    .refine(
      (v) => v === '' || (ReviewInputSchema.shape.owned_since.safeParse(v).success && v <= thisMonth()),
      COMMUNITY_MESSAGES.ownedSince,
    ),
});
/** With several variants to choose from, the choice is required. */
const ChooseVariantSchema = FormSchema.extend({
  variant_id: z.string().min(1, COMMUNITY_MESSAGES.variantRequired),
});

/**
 * A rating as ten radio buttons, drawn as the halves of five stars: arrow keys move through them, each says its
 * value ('3.5 stars'), and the chosen value shows beside them in words.
 */
function RatingInput({
  field,
  label,
  describedBy,
}: {
  field: FieldProps;
  label: string;
  describedBy?: string;
}) {
  const t = reviewsTexts.useT();
  const value = field.value ? Number(field.value) : 0;
  const onBlur = (e: FocusEvent<HTMLFieldSetElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) field.onBlur();
  };
  return (
    <fieldset
      className={`rating-input${field.error ? ' invalid' : ''}`}
      aria-describedby={describedBy}
      onBlur={onBlur}
    >
      <legend>{label}</legend>
      <span className="rating-stars">
        {STEPS.map((step, i) => (
          <label key={step} className={`rating-half${i % 2 ? ' right' : ''}${step <= value ? ' on' : ''}`}>
            <input
              type="radio"
              id={i === 0 ? field.id : undefined}
              name={field.name}
              value={step}
              checked={value === step}
              onChange={() => field.onChange(String(step))}
            />
            <svg viewBox={i % 2 ? '12 0 12 24' : '0 0 12 24'} aria-hidden="true">
              <path d={STAR_PATH} />
            </svg>
            <span className="visually-hidden">{t('stepStars', { value: String(step), step })}</span>
          </label>
        ))}
      </span>
      <span className="rating-value" aria-hidden="true">
        {value ? `${formatRating(value)} · ${ratingWord(t, value)}` : t('notRated')}
      </span>
    </fieldset>
  );
}

function Fields({
  productId,
  productName,
  variants,
  existing,
  onDone,
  onCancel,
}: {
  productId: number;
  productName: string;
  variants: readonly Variant[];
  existing: Review | null;
  onDone(message: string): void;
  onCancel(): void;
}) {
  const id = useId();
  const t = reviewsTexts.useT();
  const { t: tc, k } = useCommunityTexts();
  const locale = useLocale();
  const api = useCommunityApi();
  const title = useRef<HTMLHeadingElement>(null);
  const choose = variants.length > 1;
  const form = useForm<FieldName>({
    schema: choose ? ChooseVariantSchema : FormSchema,
    initial: {
      overall: existing ? String(existing.overall) : '',
      build_quality: existing ? String(existing.build_quality) : '',
      features: existing ? String(existing.features) : '',
      look_and_feel: existing ? String(existing.look_and_feel) : '',
      performance: existing ? String(existing.performance) : '',
      summary: existing?.summary ?? '',
      description: existing?.description ?? '',
      // One variant: that is the one owned. Several: the reviewer says which (their earlier answer kept).
      variant_id: String((choose ? existing?.variant?.id : variants[0]?.id) ?? ''),
      incentivised: existing?.incentivised ?? '',
      owned_since: existing?.owned_since ?? '',
    },
  });
  useEffect(() => title.current?.focus(), []);
  /** A field, its message (the schema's or the server's shared English) in the page's language. */
  const field = (name: FieldName): FieldProps => {
    const f = form.field(name);
    return f.error ? { ...f, error: k(f.error) } : f;
  };

  const ratingsError = RATINGS.some((r) => form.field(r.key).error);
  const errorId = `${id}-ratings-error`;

  const submit = form.submit(async (v) => {
    const body = {
      overall: Number(v.overall),
      build_quality: Number(v.build_quality),
      features: Number(v.features),
      look_and_feel: Number(v.look_and_feel),
      performance: Number(v.performance),
      summary: v.summary.trim(),
      description: v.description.trim(),
      ...(v.variant_id ? { variant_id: Number(v.variant_id) } : {}),
      incentivised: v.incentivised,
      owned_since: v.owned_since || null,
    };
    const result = await api.post<{ message?: string }>(`${PLATFORM_API}/product/${productId}/review`, body);
    onDone(
      k(result.message ?? (existing ? COMMUNITY_SUCCESS.reviewUpdated : COMMUNITY_SUCCESS.reviewPosted)),
    );
  });

  return (
    <form
      className="account-form review-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} ref={title} tabIndex={-1}>
        {t(existing ? 'formTitleUpdate' : 'formTitleWrite', { name: productName })}
      </h3>
      {existing && (
        <p className="notice">{t('reviewedOn', { date: formatDate(existing.created_at, locale) })}</p>
      )}
      <FormAlert message={form.alert && k(form.alert)} />
      <div className="rating-inputs">
        {RATINGS.map((r) => (
          <RatingInput
            key={r.key}
            field={field(r.key)}
            label={t(ASPECT_KEYS[r.key])}
            describedBy={form.field(r.key).error ? errorId : undefined}
          />
        ))}
        {ratingsError && (
          <p id={errorId} className="field-error">
            {tc('msgRatingsRequired')}
          </p>
        )}
      </div>
      {choose && (
        <SelectField
          field={field('variant_id')}
          label={t('whichVariant')}
          options={variants.map((x) => ({ value: String(x.id), label: x.variant }))}
        />
      )}
      <TextField
        field={field('owned_since')}
        type="month"
        label={t('ownedSince')}
        optional
        hint={t('ownedSinceHint')}
        max={thisMonth()}
      />
      <RadioGroup
        field={field('incentivised')}
        legend={t('incentiveLegend')}
        className="review-incentive"
        options={INCENTIVES.map((i) => ({
          value: i,
          label: t(INCENTIVE_KEYS[i]),
          ...(i === 'none' ? {} : { hint: t('incentiveHint') }),
        }))}
      />
      <TextField
        field={field('summary')}
        label={t('titleLabel')}
        hint={t('titleHint', { min: LIMITS.summary[0], max: LIMITS.summary[1] })}
        maxLength={LIMITS.summary[1] + 50}
      />
      <TextAreaField
        field={field('description')}
        label={t('reviewLabel')}
        hint={t('reviewHint', { min: LIMITS.description[0] })}
        max={LIMITS.description[1]}
        rows={6}
      />
      <div className="actions">
        <SubmitButton sending={form.sending} sendingText={t('saving')}>
          {t(existing ? 'updateReview' : 'postReview')}
        </SubmitButton>
        <button type="button" className="button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

/** The viewer's review of this product, if any: on the page shown, or among their reviews (newest first). */
async function findMine(get: <T>(path: string) => Promise<T>, productId: number): Promise<Review | null> {
  for (let page = 0; page < 20; page += 1) {
    const list = await get<Page<ReviewWithProduct>>(
      `${USER_API}/user/reviews?page=${page}&size=${MAX_PAGE_SIZE}`,
    );
    const found = list.items.find((r) => r.product_id === productId);
    if (found) return found;
    if ((page + 1) * list.size >= list.total || !list.items.length) return null;
  }
  return null;
}

/**
 * "Write a review" (loaded when first opened): the five ratings, a title and the text. A viewer who reviewed
 * this product already gets their review to edit: posting again replaces it.
 */
export default function ReviewForm({
  productId,
  productName,
  variants,
  mine,
  onDone,
  onCancel,
}: {
  /** The model's id (issue 18: a review is of the phone) and its variants, one of which the reviewer owns. */
  productId: number;
  productName: string;
  variants: readonly Variant[];
  /** The viewer's review when the page shown holds it. */
  mine: Review | null;
  onDone(message: string): void;
  onCancel(): void;
}) {
  const api = useCommunityApi();
  const t = reviewsTexts.useT();
  const [existing, setExisting] = useState<Review | null | undefined>(mine ?? undefined);

  useEffect(() => {
    if (existing !== undefined) return;
    let live = true;
    findMine(api.get, productId)
      .catch(() => null)
      .then((found) => live && setExisting(found));
    return () => {
      live = false;
    };
  }, [api, productId, existing]);

  if (existing === undefined) {
    return (
      <p className="muted" role="status">
        {t('loadingForm')}
      </p>
    );
  }
  return (
    <Fields
      productId={productId}
      productName={productName}
      variants={variants}
      existing={existing}
      onDone={onDone}
      onCancel={onCancel}
    />
  );
}
