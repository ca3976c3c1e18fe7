import { AppealInputSchema, APPEAL_LIMITS } from '../../../shared/moderation.ts';
import { USER_API } from '../../../shared/constants.ts';
import { useCommunityApi } from '../community/community-api.ts';
import { TextForm } from '../community/text-form.tsx';
import { useToast } from '../toasts/toasts.tsx';
import { communityTexts } from '../community/texts.ts';
import { activityTexts } from './texts.ts';

const TextOnly = AppealInputSchema.pick({ text: true });

/** The author's appeal of one decision (loaded when opened), checked as the server checks it. */
export default function AppealForm({
  noticeId,
  onSent,
  onCancel,
}: {
  noticeId: number;
  onSent(): void;
  onCancel(): void;
}) {
  const api = useCommunityApi();
  const toast = useToast();
  const t = activityTexts.useT();
  const tc = communityTexts.useT();
  return (
    <TextForm
      label={t('appealLabel')}
      hint={t('appealHint')}
      max={APPEAL_LIMITS.text[1]}
      submitText={t('sendAppeal')}
      schema={TextOnly}
      autoFocus
      onCancel={onCancel}
      onPost={async (text) => {
        await api.post(`${USER_API}/user/appeals`, { notice_id: noticeId, text });
        toast.show({ message: tc('okAppealSent'), type: 'success' });
        onSent();
      }}
    />
  );
}
