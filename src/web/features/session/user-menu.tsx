import { type KeyboardEvent, lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { fromStoredPreference, PREFERENCE_CATEGORY } from '../../../shared/preference-constants.ts';
import { useAuthFetch } from './api.ts';
import { Avatar } from './avatar.tsx';
import { useSession } from './session.tsx';
import { accountTexts } from './texts.ts';
import { useForeignText } from '../../i18n/i18n.tsx';
import { checkPass } from '../pass/pass-api.ts';
import { isEditor, isModerator } from '../../../shared/moderation-constants.ts';
import { standing } from '../moderation/standing-api.ts';

/** The preference form (and its schema) loads when the dialog first opens. */
const PreferencesDialogBody = lazy(() =>
  import('../preferences/preferences-dialog.tsx').then((m) => ({ default: m.PreferencesDialogBody })),
);

/** Reads the saved preference into the session once per sign-in; the menu offers the dialog after that. */
function useFetchedPreference() {
  const { token, preference, setPreference } = useSession();
  const authFetch = useAuthFetch();
  useEffect(() => {
    if (!token || preference.isFetched) return;
    const abort = new AbortController();
    authFetch<{ preference: Parameters<typeof fromStoredPreference>[0] }>(
      `/user/preference?category_id=${PREFERENCE_CATEGORY}`,
      { signal: abort.signal },
    )
      .then((res) => setPreference(fromStoredPreference(res.preference)))
      // Without it the menu simply has no Preferences item; a lost session is handled by authFetch.
      .catch(() => undefined);
    return () => abort.abort();
  }, [token, preference.isFetched, authFetch, setPreference]);
  return preference.isFetched;
}

const ITEMS = [
  { to: '/user-profile', label: 'menuProfile' },
  { to: '/my-account', label: 'myAccount' },
  { to: '/review-pass', label: 'menuReviewPass' },
  { to: '/help-center', label: 'menuHelp' },
] as const;
/** For moderators and admins, after "My account" (issue 9). */
const MODERATION_ITEM = { to: '/moderation', label: 'menuModeration' } as const;
/** For editors and admins (issue 19). */
const CATALOGUE_ITEM = { to: '/catalogue', label: 'menuCatalogue' } as const;

/**
 * Whether the signed-in user moderates: their standing (GET /user/standing, asked once a page load and shared
 * with the account page) is asked when the menu first opens, so most visitors' pages make no extra request.
 */
function useStaffRoles(token: string | null, open: boolean) {
  const [moderatorFor, setModeratorFor] = useState<string | null>(null);
  const [editorFor, setEditorFor] = useState<string | null>(null);
  useEffect(() => {
    if (!open || !token) return;
    let live = true;
    standing(token).then(
      (s) => {
        if (!live) return;
        if (isModerator(s.role)) setModeratorFor(token);
        if (isEditor(s.role)) setEditorFor(token);
      },
      // Without an answer the menu simply has no Moderation item; a lost session shows elsewhere.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [open, token]);
  return { moderator: !!token && moderatorFor === token, editor: !!token && editorFor === token };
}

/**
 * The signed-in user's menu (a menu button: Enter, Space or the arrow keys open it, the arrow keys, Home and End
 * move through it, Escape closes it and focus returns to the button). Sign out asks first, in a modal dialog.
 */
export function UserMenu() {
  const { user, token, signOut } = useSession();
  const id = useId();
  const { pathname } = useLocation();
  // The menu remembers the page it was opened on, so it is closed on any other.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = useCallback((on: boolean) => setOpenOn(on ? pathname : null), [pathname]);
  const fetched = useFetchedPreference();
  const preferences = useRef<HTMLDialogElement>(null);
  const [preferencesOpen, setPreferencesOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const t = accountTexts.useT();

  const { moderator, editor } = useStaffRoles(token, open);

  // Every page of a signed-in visitor shows this menu: it checks their ReviewPass once a page load, which
  // hides the ads of a pass bought elsewhere and keeps the ad-free cookie in step (issue 8).
  useEffect(() => {
    if (token) checkPass(token);
  }, [token]);

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const all = items();
    (focusOnOpen.current === 'last' ? all.at(-1) : all[0])?.focus();
    const outside = (e: PointerEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, setOpen]);

  const foreign = useForeignText().name;
  if (!user) return null;

  const show = (where: 'first' | 'last') => {
    focusOnOpen.current = where;
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      show(e.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      e.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(all.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') setOpen(false);
  };

  const askSignOut = () => {
    setOpen(false);
    dialog.current?.showModal();
    cancel.current?.focus();
  };

  const openPreferences = () => {
    setOpen(false);
    setPreferencesOpen(true);
    preferences.current?.showModal();
  };

  const confirmSignOut = () => {
    dialog.current?.close();
    void signOut();
  };

  const name = `${user.firstName} ${user.lastName}`.trim() || user.username;
  return (
    <div className="user-menu" ref={wrapper}>
      <button
        ref={button}
        type="button"
        id={`${id}-button`}
        className="user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => (open ? close(false) : show('first'))}
        onKeyDown={onButtonKey}
      >
        <Avatar user={user} />
        <span className="user-menu-name" {...foreign}>
          {user.firstName || user.username}
        </span>
        <span className="visually-hidden">{t('accountMenu')}</span>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" className="user-menu-caret">
          <path d="M6 9l6 6 6-6" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
        </svg>
      </button>
      <div className="user-menu-popup" hidden={!open}>
        <p className="user-menu-who" {...foreign}>
          <span className="user-menu-fullname">{name}</span>
          <span className="muted small">@{user.username}</span>
        </p>
        <ul
          ref={menu}
          id={`${id}-menu`}
          role="menu"
          aria-labelledby={`${id}-button`}
          className="user-menu-list"
          onKeyDown={onMenuKey}
        >
          {[
            ...ITEMS.slice(0, 2),
            ...(moderator ? [MODERATION_ITEM] : []),
            ...(editor ? [CATALOGUE_ITEM] : []),
            ...ITEMS.slice(2),
          ].map((item) => (
            <li role="none" key={item.to}>
              <Link
                role="menuitem"
                tabIndex={-1}
                to={item.to}
                className="user-menu-item"
                onClick={() => setOpen(false)}
              >
                {t(item.label)}
              </Link>
            </li>
          ))}
          {fetched && <MenuAction label={t('menuPreferences')} onClick={openPreferences} />}
          <MenuAction label={t('signOut')} onClick={askSignOut} />
        </ul>
      </div>
      <dialog
        ref={preferences}
        className="confirm-dialog preference-dialog"
        aria-labelledby={`${id}-preferences-title`}
        onClose={() => {
          setPreferencesOpen(false);
          button.current?.focus();
        }}
      >
        <h2 id={`${id}-preferences-title`}>{t('yourPreferences')}</h2>
        <p className="muted small">{t('preferencesAbout')}</p>
        {preferencesOpen && (
          <Suspense fallback={<p role="status">{t('loading')}</p>}>
            <PreferencesDialogBody onDone={() => preferences.current?.close()} />
          </Suspense>
        )}
      </dialog>
      <dialog
        ref={dialog}
        className="confirm-dialog"
        aria-labelledby={`${id}-dialog-title`}
        aria-describedby={`${id}-dialog-text`}
        onClose={() => button.current?.focus()}
      >
        <h2 id={`${id}-dialog-title`}>{t('signOutQuestion')}</h2>
        <p id={`${id}-dialog-text`}>{t('signOutWarning')}</p>
        <div className="dialog-actions">
          <button ref={cancel} type="button" className="button" onClick={() => dialog.current?.close()}>
            {t('cancel')}
          </button>
          <button type="button" className="button button-primary" onClick={confirmSignOut}>
            {t('signOut')}
          </button>
        </div>
      </dialog>
    </div>
  );
}

function MenuAction({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <li role="none">
      <button type="button" role="menuitem" tabIndex={-1} className="user-menu-item" onClick={onClick}>
        {label}
      </button>
    </li>
  );
}
