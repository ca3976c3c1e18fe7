import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { useNavigate } from 'react-router';
import { ACCOUNT_SUCCESS, type SessionUser } from '../../../shared/session-user.ts';
import { USER_API } from '../../../shared/constants.ts';
import { DEFAULT_USER_PREFERENCE, type UserPreference } from '../../../shared/preference-constants.ts';
import { MESSAGES } from '../../../shared/texts.ts';
import { clearStoredValues, storedValue } from '../../lib/stored-value.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useToast } from '../toasts/toasts.tsx';
import { useLocale } from '../../i18n/i18n.tsx';
import { apiErrorText } from '../../lib/error-texts.ts';
import { successText } from './success-texts.ts';
import { setAdFree } from '../pass/ad-free.ts';

/** Where the session lives (the spec keeps it in local storage). */
export const SESSION_STORAGE_KEY = 'verdict.session';

export interface StoredSession {
  token: string;
  user: SessionUser;
  /** The recommendation preference (spec: userPreference); the defaults until fetched or saved. */
  preference?: UserPreference;
}

export interface SignOutOptions {
  /** Tell the server to end the session (default true; false when the server already ended it). */
  remote?: boolean;
  /** Show the 'signed out' toast (default true). */
  toast?: boolean;
  /** Where to go afterwards (default '/'). */
  to?: string;
  /** Empty the whole of local storage, not only the session (account deletion). */
  purge?: boolean;
}

export interface SessionApi {
  token: string | null;
  user: SessionUser | null;
  /** False on the server and until the browser has read local storage after hydration. */
  ready: boolean;
  signIn(token: string, user: SessionUser, message?: string): void;
  signOut(options?: SignOutOptions): Promise<void>;
  /** Replaces the signed-in user, or updates the one stored now (`(user) => ({ ...user, image: null })`). */
  setUser(user: SessionUser | ((now: SessionUser) => SessionUser)): void;
  /** The server said the token is no longer valid: clear it, say so, and go to /sign-in. */
  expire(): void;
  /** The signed-in user's preference, or the defaults (also when signed out). */
  preference: UserPreference;
  /** Updates part of the preference (budget, focus area, release window, fetched flag). */
  setPreference(change: Partial<UserPreference>): void;
}

// ── The store: one copy of the stored session for every component, in sync with other tabs ─────────────

function parse(raw: string | null): StoredSession | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredSession> | null;
    if (typeof value?.token !== 'string' || !value.user || typeof value.user.username !== 'string')
      return null;
    return { token: value.token, user: value.user, preference: parsePreference(value.preference) };
  } catch {
    return null;
  }
}

/** A stored preference only if it has the fields this version reads (another version may have written it). */
const parsePreference = (p: Partial<UserPreference> | undefined): UserPreference | undefined =>
  p?.budget?.length === 2 && p.focusArea && p.releasedWithin ? (p as UserPreference) : undefined;

const store = storedValue<StoredSession | null>(SESSION_STORAGE_KEY, parse, null);
const { read, write } = store;

const serverSnapshot = () => null;

/** The token in use right now, outside React (a call started with one token may finish under another). */
export const currentToken = (): string | null => read()?.token ?? null;

/**
 * True from a sign-out (or expiry) until its navigation has finished, so the pages that need a token do not
 * race it with their own redirect to /sign-in.
 */
let exiting = false;
async function leave(go: () => void | Promise<void>): Promise<void> {
  exiting = true;
  try {
    await go();
  } finally {
    exiting = false;
  }
}

// ── The provider ─────────────────────────────────────────────────────────────────────────────────────

const SessionContext = createContext<SessionApi | null>(null);

export function useSession(): SessionApi {
  const api = useContext(SessionContext);
  if (!api) throw new Error('useSession needs a SessionProvider');
  return api;
}

const EXPIRED_TOAST = 'session-expired';

export function SessionProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(store.subscribe, read, serverSnapshot);
  const ready = useHydrated();
  const toast = useToast();
  const navigate = useNavigate();
  const locale = useLocale();

  const signIn = useCallback(
    (token: string, user: SessionUser, message: string = ACCOUNT_SUCCESS.signedIn) => {
      write({ token, user });
      toast.show({ message: successText(message, locale), type: 'success' });
    },
    [toast, locale],
  );

  const signOut = useCallback(
    async (options: SignOutOptions = {}) => {
      const token = read()?.token;
      if (token && options.remote !== false) {
        // Best effort: the session ends here whatever the server answers (it may have ended it already).
        await fetch(`${USER_API}/auth/sign-out`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        }).catch(() => undefined);
      }
      exiting = true;
      write(null);
      setAdFree(false);
      if (options.purge) clearStoredValues();
      if (options.toast !== false) {
        toast.show({ message: successText(ACCOUNT_SUCCESS.signedOut, locale), type: 'success' });
      }
      await leave(() => navigate(options.to ?? '/'));
    },
    [toast, navigate, locale],
  );

  const setUser = useCallback((user: SessionUser | ((now: SessionUser) => SessionUser)) => {
    const now = read();
    if (now) write({ ...now, user: typeof user === 'function' ? user(now.user) : user });
  }, []);

  const setPreference = useCallback((change: Partial<UserPreference>) => {
    const now = read();
    if (now) write({ ...now, preference: { ...(now.preference ?? DEFAULT_USER_PREFERENCE), ...change } });
  }, []);

  const expire = useCallback(() => {
    exiting = true;
    write(null);
    setAdFree(false);
    toast.show({
      id: EXPIRED_TOAST,
      message: apiErrorText('UNAUTHENTICATED', MESSAGES.sessionExpired, locale),
      type: 'error',
    });
    void leave(() => navigate('/sign-in'));
  }, [toast, navigate, locale]);

  const api = useMemo<SessionApi>(
    () => ({
      token: ready ? (session?.token ?? null) : null,
      user: ready ? (session?.user ?? null) : null,
      ready,
      signIn,
      signOut,
      setUser,
      expire,
      preference: (ready ? session?.preference : undefined) ?? DEFAULT_USER_PREFERENCE,
      setPreference,
    }),
    [ready, session, signIn, signOut, setUser, expire, setPreference],
  );
  return <SessionContext.Provider value={api}>{children}</SessionContext.Provider>;
}

/** Pages that need a token: once the browser has read the session, none means going to /sign-in. */
export function useRequireSession(): SessionApi {
  const session = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (session.ready && !session.token && !exiting) void navigate('/sign-in', { replace: true });
  }, [session.ready, session.token, navigate]);
  return session;
}
