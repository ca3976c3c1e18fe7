import { useEffect, useId, useMemo, useRef } from 'react';
import type { CategoryId } from '../../../shared/constants.ts';
import { PLATFORM_API } from '../../../shared/constants.ts';
import { correctableAttributes, CorrectionInputSchema } from '../../../shared/corrections.ts';
import { isSessionExpiry } from '../../lib/api.ts';
import { useCommunityApi } from '../community/community-api.ts';
import { FormAlert, SelectField, SubmitButton, TextField, useForm } from '../session/form.tsx';
import { useToast } from '../toasts/toasts.tsx';
import type { CorrectionTarget } from './correction-button.tsx';
import { correctionTexts, fieldMessage } from './texts.ts';

type Field = 'field' | 'variant_id' | 'value' | 'source_url';

/**
 * The correction dialog (loaded on first use by CorrectionButton): what to correct (an attribute by its name in
 * the category, or the price and then which variant), the proposed value and the source link. Open from
 * mounting until `onClose`.
 */
export default function CorrectionForm({ target, onClose }: { target: CorrectionTarget; onClose(): void }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const api = useCommunityApi();
  const toast = useToast();
  const closing = useRef(false);
  const t = correctionTexts.useT();
  const several = target.variants.length > 1;
  const input = useMemo(
    () => (v: Record<Field, string>) => ({
      field: v.field,
      value: v.value,
      source_url: v.source_url,
      // A price is a variant's; an attribute is the whole model's.
      ...(v.field === 'price' && v.variant_id ? { variant_id: Number(v.variant_id) } : {}),
    }),
    [],
  );
  const form = useForm<Field, ReturnType<typeof input>>({
    schema: CorrectionInputSchema,
    initial: {
      field: '',
      variant_id: String(several ? target.selectedId : (target.variants[0]?.id ?? '')),
      value: '',
      source_url: '',
    },
    input,
  });
  const fieldId = form.idOf('field');

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (!d.open) d.showModal();
    document.getElementById(fieldId)?.focus();
  }, [fieldId]);

  const close = () => {
    if (closing.current) return;
    closing.current = true;
    dialog.current?.close();
  };

  const options = [
    { value: 'price', label: t('price') },
    ...correctableAttributes(target.category as CategoryId).map((a) => ({ value: a.key, label: a.name })),
  ];
  /** A field with its message in the page's language. */
  const field = (name: Field) => {
    const f = form.field(name);
    return { ...f, error: fieldMessage(f.error, t) };
  };
  const isPrice = form.field('field').value === 'price';

  const send = async (body: ReturnType<typeof input>) => {
    try {
      await api.post(`${PLATFORM_API}/product/${target.productId}/corrections`, body);
    } catch (err) {
      if (isSessionExpiry(err)) close();
      throw err;
    }
    close();
    toast.show({ message: t('suggested'), type: 'success' });
  };

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog report-dialog correction-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={onClose}
    >
      <form className="account-form" onSubmit={(e) => void form.submit(send)(e)} noValidate>
        <h2 id={`${id}-title`}>{t('suggest')}</h2>
        <p id={`${id}-text`} className="muted small">
          {t('intro')}
        </p>
        <FormAlert message={form.alert} />
        <SelectField field={field('field')} label={t('whatIsWrong')} options={options} />
        {isPrice && several && (
          <SelectField
            field={field('variant_id')}
            label={t('variant')}
            options={target.variants.map((v) => ({ value: String(v.id), label: v.label }))}
          />
        )}
        <TextField
          field={field('value')}
          label={isPrice ? t('correctPrice') : t('correctValue')}
          maxLength={200}
          autoComplete="off"
          {...(isPrice ? { inputMode: 'numeric' as const } : {})}
        />
        <TextField
          field={field('source_url')}
          label={t('sourceLink')}
          hint={t('sourceHint')}
          type="url"
          inputMode="url"
          maxLength={200}
          autoComplete="url"
        />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={close}>
            {t('cancel')}
          </button>
          <SubmitButton sending={form.sending} sendingText={t('sending')}>
            {t('send')}
          </SubmitButton>
        </div>
      </form>
    </dialog>
  );
}
