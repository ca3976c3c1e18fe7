import type { ReviewUpdate } from '../../../shared/community-api.ts';
import { ReviewUpdateInputSchema } from '../../../shared/community.ts';
import { LIMITS } from '../../../shared/community-constants.ts';
import { PLATFORM_API } from '../../../shared/constants.ts';
import { useCommunityApi } from '../community/community-api.ts';
import { TextForm } from '../community/text-form.tsx';
import { useToast } from '../toasts/toasts.tsx';
import { communityTexts } from '../community/texts.ts';
import { reviewsTexts } from './texts.ts';

/** The author's "Add an update" form (loaded when opened): what changed since the review, checked as the server does. */
export default function UpdateForm({
  reviewId,
  since,
  onAdded,
  onCancel,
}: {
  reviewId: number;
  /** How long it is since the review ('3 months'; null the same day), for the hint. */
  since: string | null;
  onAdded(update: ReviewUpdate): void;
  onCancel(): void;
}) {
  const api = useCommunityApi();
  const toast = useToast();
  const t = reviewsTexts.useT();
  const tc = communityTexts.useT();
  return (
    <TextForm
      label={t('yourUpdate')}
      hint={`${since ? t('updateSince', { since }) : ''}${t('updateHint')}`}
      max={LIMITS.reviewUpdate[1]}
      submitText={t('postUpdate')}
      schema={ReviewUpdateInputSchema}
      autoFocus
      onCancel={onCancel}
      onPost={async (text) => {
        const res = await api.post<{ update: ReviewUpdate }>(
          `${PLATFORM_API}/product/review/${reviewId}/updates`,
          { text },
        );
        toast.show({ message: tc('okReviewUpdateAdded'), type: 'success' });
        onAdded(res.update);
      }}
    />
  );
}
