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
        ? `Price recorded. A newer price (${formatPrice(result.variant.price)}) stays the current one.`
        : `Price recorded: ${variantLabel ? `${variantLabel} is now ` : ''}${formatPrice(result.variant.price)}.`,
    });
    form.reset({ price: '', source: values.source, observed_at: values.observed_at });
    onSaved?.(result);
  });

  return (
    <form className="account-form price-form" noValidate onSubmit={(e) => void submit(e)}>
      <FormAlert message={form.alert} />
      <TextField
        field={form.field('price')}
        label="Price (₹)"
        hint="Whole rupees, such as 24999."
        inputMode="numeric"
        autoComplete="off"
        required
      />
      <TextField
        field={form.field('source')}
        label="Where it was seen"
        hint="A shop's name or a link to the listing."
        autoComplete="off"
        maxLength={200}
        required
      />
      <TextField
        field={form.field('observed_at')}
        label="Seen on"
        type="date"
        min={OBSERVED_FROM}
        max={today}
        required
      />
      <SubmitButton sending={form.sending} sendingText="Saving…">
        Record price
      </SubmitButton>
    </form>
  );
}
