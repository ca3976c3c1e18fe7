import { useForeignText } from '../../i18n/i18n.tsx';
import { AVATAR_COLOURS, avatarColour, type SessionUser } from '../../../shared/session-user.ts';

export function initials(user: Pick<SessionUser, 'firstName' | 'lastName' | 'username'>): string {
  const letters = [user.firstName, user.lastName].map((n) => n.trim().charAt(0)).join('');
  return (letters || user.username.charAt(0)).toUpperCase();
}

/**
 * The user's photo, or their initials on one of the 7 avatar colours chosen from the username. Colours are
 * classes (avatar-c0 … avatar-c6), never inline styles: the content security policy allows none.
 */
export function Avatar({
  user,
  size = 'small',
  alt = '',
}: {
  user: Pick<SessionUser, 'firstName' | 'lastName' | 'username' | 'image'>;
  size?: 'small' | 'large';
  /** Empty when a label next to it already names the user. */
  alt?: string;
}) {
  // Initials are a name's: never translated (a Hindi page says so).
  const { name } = useForeignText();
  if (user.image) {
    return (
      <img
        className={`avatar avatar-${size}`}
        src={user.image}
        alt={alt}
        width={size === 'large' ? 96 : 32}
        height={size === 'large' ? 96 : 32}
      />
    );
  }
  const colour = Math.max(0, (AVATAR_COLOURS as readonly string[]).indexOf(avatarColour(user.username)));
  return (
    <span
      className={`avatar avatar-${size} avatar-c${colour}`}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      {...name}
    >
      {initials(user)}
    </span>
  );
}
