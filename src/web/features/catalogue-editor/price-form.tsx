import { useCallback } from 'react';
import {
  OBSERVED_FROM,
  type SetPriceInput,
  type SetPriceResponse,
  SetPriceSchema,
} from '../../../shared/catalogue-prices.ts';
import { formatPrice, todayInIndia } from '../../../shared/format.ts';
import { useAuthFetch } from '../session/api.ts';
import { FormAlert, SubmitButton, TextField, useForm } from '../session/form.tsx';
import { useToast } from '../toasts/toasts.tsx';
import { CATALOGUE_API } from './editor-api.ts';
import { useLocale } from '../../i18n/i18n.tsx';
import { catalogueEditorTexts, priceMessage } from './texts.ts';

type Field = 'price' | 'source' | 'observed_at';

/** '12,999', '₹ 12999' and '12999' are the same price; anything else is left for the schema to refuse. */
const priceOf = (text: string): number | undefined => {
  const plain = text.replace(/[₹,\s]/g, '');
  return plain === '' ? undefined : /^\d+(\.\d+)?$/.test(plain) ? Number(plain) : Number.NaN;
};

/**
 * An editor records a price seen for one variant (issue 19): the price in rupees, where it was seen (a shop's
 * name or a link) and the day. Checked with the schema the server uses (SetPriceSchema); the server's refusals
 * show under their field or in the form's alert. Sent with the signed-in session's token; on success a toast
 * says what the variant's price is now, and `onSaved` gets the server's answer (the model's new prices).
 */
export function PriceForm({
  variantId,
  variantLabel,
  onSaved,
}: {
  variantId: number;
  /** The variant's name, for the form's heading and the toast ("8 GB + 256 GB"). */
  variantLabel?: string | undefined;
  onSaved?: ((result: SetPriceResponse) => void) | undefined;
}) {
  const authFetch = useAuthFetch();
  const toast = useToast();
  const t = catalogueEditorTexts.useT();
  const locale = useLocale();
  const today = todayInIndia();
  const input = useCallback(
    (v: Record<Field, string>) => ({
      price: priceOf(v.price),
      source: v.source,
      observed_at: v.observed_at,
    }),
    [],
  );
  const form = useForm<Field, ReturnType<typeof input>>({
    schema: SetPriceSchema,
    initial: { price: '', source: '', observed_at: today },
    input,
  });

  /** A field with its message in the page's language. */
  const field = (name: Field) => {
    const f = form.field(name);
    return { ...f, error: priceMessage(t, f.error) };
  };

  const submit = form.submit(async (values) => {
    const result = await authFetch<SetPriceResponse>(`${CATALOGUE_API}/variants/${variantId}/price`, {
      base: '',
      method: 'PUT',
      json: values as SetPriceInput,
    });
    const kept = result.variant.price !== result.observation.price;
    toast.show({
      type: 'success',
      message: kept
        ? t('priceKept', { price: formatPrice(result.variant.price, locale) })
        : variantLabel
          ? t('priceRecordedNamed', { name: variantLabel, price: formatPrice(result.variant.price, locale) })
          : t('priceRecordedPlain', { price: formatPrice(result.variant.price, locale) }),
    });
    form.reset({ price: '', source: values.source, observed_at: values.observed_at });
    onSaved?.(result);
  });

  return (
    <form className="account-form price-form" noValidate onSubmit={(e) => void submit(e)}>
      <FormAlert message={form.alert} />
      <TextField
        field={field('price')}
        label={t('priceLabel')}
        hint={t('priceHint')}
        inputMode="numeric"
        autoComplete="off"
        required
      />
      <TextField
        field={field('source')}
        label={t('whereSeen')}
        hint={t('whereSeenHint')}
        autoComplete="off"
        maxLength={200}
        required
      />
      <TextField
        field={field('observed_at')}
        label={t('seenOn')}
        type="date"
        min={OBSERVED_FROM}
        max={today}
        required
      />
      <SubmitButton sending={form.sending} sendingText={t('saving')}>
        {t('recordPrice')}
      </SubmitButton>
    </form>
  );
}
