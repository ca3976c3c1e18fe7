import type { ReviewUpdate } from '../../../shared/community-api.ts';
import { ReviewUpdateInputSchema } from '../../../shared/community.ts';
import { COMMUNITY_SUCCESS, LIMITS } from '../../../shared/community-constants.ts';
import { PLATFORM_API } from '../../../shared/constants.ts';
import { useCommunityApi } from '../community/community-api.ts';
import { TextForm } from '../community/text-form.tsx';
import { useToast } from '../toasts/toasts.tsx';

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
  return (
    <TextForm
      label="Your update"
      hint={`${since ? `It is ${since} since your review. ` : ''}How is the phone now? Your review stays as it is; the update shows under it with its date.`}
      max={LIMITS.reviewUpdate[1]}
      submitText="Post update"
      schema={ReviewUpdateInputSchema}
      autoFocus
      onCancel={onCancel}
      onPost={async (text) => {
        const res = await api.post<{ update: ReviewUpdate }>(
          `${PLATFORM_API}/product/review/${reviewId}/updates`,
          { text },
        );
        toast.show({ message: COMMUNITY_SUCCESS.reviewUpdateAdded, type: 'success' });
        onAdded(res.update);
      }}
    />
  );
}
