import { AppealInputSchema, APPEAL_LIMITS, APPEAL_MESSAGES } from '../../../shared/moderation.ts';
import { USER_API } from '../../../shared/constants.ts';
import { useCommunityApi } from '../community/community-api.ts';
import { TextForm } from '../community/text-form.tsx';
import { useToast } from '../toasts/toasts.tsx';

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
  return (
    <TextForm
      label="Why should moderators look at it again?"
      hint="A moderator who did not make this decision will read it. You can appeal each decision once."
      max={APPEAL_LIMITS.text[1]}
      submitText="Send appeal"
      schema={TextOnly}
      autoFocus
      onCancel={onCancel}
      onPost={async (text) => {
        await api.post(`${USER_API}/user/appeals`, { notice_id: noticeId, text });
        toast.show({ message: APPEAL_MESSAGES.sent, type: 'success' });
        onSent();
      }}
    />
  );
}
