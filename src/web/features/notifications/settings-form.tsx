import { useEffect, useState } from 'react';
import { USER_API } from '../../../shared/constants.ts';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATIONS_PATH,
  type NotificationChannel,
} from '../../../shared/notification-constants.ts';
import type { NotificationSettings } from '../../../shared/notifications.ts';
import { errorMessage, isSilent } from '../../lib/api.ts';
import { useCommunityApi } from '../community/community-api.ts';
import { useToast } from '../toasts/toasts.tsx';
import { CHANNEL_KEYS, KIND_KEYS, notificationsTexts } from './texts.ts';

const URL = `${USER_API}${NOTIFICATIONS_PATH}/settings`;

/**
 * How the member gets each kind of notification (issue 23): a choice of in the app, by email as well (one daily
 * digest at most), or off. Each change is saved as it is made.
 */
export function NotificationSettingsForm() {
  const api = useCommunityApi();
  const toast = useToast();
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const t = notificationsTexts.useT();

  useEffect(() => {
    api
      .get<{ settings: NotificationSettings }>(URL)
      .then((r) => setSettings(r.settings))
      .catch((err: unknown) => !isSilent(err) && setError(errorMessage(err)));
  }, [api]);

  const change = async (kind: keyof NotificationSettings, channel: NotificationChannel) => {
    const before = settings?.[kind];
    setSettings((s) => (s ? { ...s, [kind]: channel } : s));
    try {
      const r = await api.put<{ settings: NotificationSettings }>(URL, { [kind]: channel });
      setSettings(r.settings);
      toast.show({ message: t('settingsSaved'), type: 'success' });
    } catch (err) {
      // Only this kind goes back: a change made meanwhile to another one stays.
      if (before) setSettings((s) => (s ? { ...s, [kind]: before } : s));
      if (!isSilent(err)) toast.show({ message: errorMessage(err), type: 'error' });
    }
  };

  return (
    <section className="account-card" aria-labelledby="notification-settings" id="settings">
      <h2 id="notification-settings">{t('settings')}</h2>
      <p className="muted">{t('settingsAbout')}</p>
      {error && <p role="alert">{error}</p>}
      {settings && (
        <div className="notification-settings">
          {NOTIFICATION_KINDS.map((kind) => (
            <label key={kind} className="field notification-setting">
              <span>{t(KIND_KEYS[kind])}</span>
              <select
                name={kind}
                value={settings[kind]}
                onChange={(e) => void change(kind, e.target.value as NotificationChannel)}
              >
                {NOTIFICATION_CHANNELS.map((c) => (
                  <option key={c} value={c}>
                    {t(CHANNEL_KEYS[c])}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      )}
    </section>
  );
}
