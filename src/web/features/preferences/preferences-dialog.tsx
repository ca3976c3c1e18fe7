import { useAuthFetch } from '../session/api.ts';
import { useSession } from '../session/session.tsx';
import { useToast } from '../toasts/toasts.tsx';
import { PreferenceForm } from './preference-form.tsx';
import { preferenceTexts } from './texts.ts';

/**
 * The preference screen in the user menu: saves with the session's token, then updates the session, closes and
 * says 'Preferences Saved Successfully'.
 */
export function PreferencesDialogBody({ onDone }: { onDone(): void }) {
  const { preference, setPreference } = useSession();
  const authFetch = useAuthFetch();
  const toast = useToast();
  const t = preferenceTexts.useT();
  return (
    <PreferenceForm
      initial={preference}
      send={authFetch}
      onSaved={(saved, message) => {
        setPreference(saved);
        onDone();
        toast.show({ message, type: 'success' });
      }}
      secondary={{ label: t('cancel'), onClick: onDone }}
    />
  );
}
