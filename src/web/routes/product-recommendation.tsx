import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { NAV_INDEX } from '../../shared/constants.ts';
import { formatPrice as formatMoney } from '../../shared/format.ts';
import {
  fromStoredPreference,
  PREFERENCE_CATEGORY,
  type UserPreference,
} from '../../shared/preference-constants.ts';
import {
  FOCUS_AREAS,
  RECOMMENDATION_LISTS,
  type RecommendationsResponse,
  RELEASED_WITHIN_LABELS,
} from '../../shared/preferences.ts';
import { ProductGrid } from '../components/product-card.tsx';
import { UnknownRelease } from '../components/unknown-release.tsx';
import { PreferenceForm } from '../features/preferences/preference-form.tsx';
import preferencesStylesHref from '../features/preferences/preferences.css?url';
import { useAuthFetch } from '../features/session/api.ts';
import { useRequireSession } from '../features/session/session.tsx';
import { useToast } from '../features/toasts/toasts.tsx';
import { errorMessage, isSilent } from '../lib/api.ts';
import { localeOf, type MetaContext, pageMeta } from '../lib/meta.ts';
import { useLocale } from '../i18n/i18n.tsx';
import { ASPECT_KEYS, preferenceTexts, RELEASED_KEYS } from '../features/preferences/texts.ts';
import { reasonText } from '../features/preferences/reason.ts';

/** Each list's title and blurb in the catalogue. */
const LIST_KEYS = {
  budget_match: ['budgetMatch', 'budgetMatchBlurb'],
  personalized_match: ['personalizedMatch', 'personalizedMatchBlurb'],
  popular_match: ['popularMatch', 'popularMatchBlurb'],
} as const;
import type { Route } from './+types/product-recommendation';

export const handle = { nav: NAV_INDEX.recommendation };
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: preferencesStylesHref }];
export const meta = (args: MetaContext) =>
  pageMeta(
    args,
    preferenceTexts.t(localeOf(args))('metaTitle'),
    preferenceTexts.t(localeOf(args))('metaDescription'),
    { noindex: true },
  );

type Lists = Omit<RecommendationsResponse, 'success'>;

/**
 * Recommendations (signed in only): the three lists for the saved preference, each pick with its reason, and
 * the preference itself, changeable in place.
 */
export default function ProductRecommendation() {
  const session = useRequireSession();
  const { token, setPreference } = session;
  const authFetch = useAuthFetch();
  const toast = useToast();
  const t = preferenceTexts.useT();
  const locale = useLocale();
  const formatPrice = (n: number) => formatMoney(n, locale);
  const [lists, setLists] = useState<Lists | null>(null);
  const [editing, setEditing] = useState(false);
  const [version, setVersion] = useState(0);
  // A failure belongs to the request it came from: the next one (another sign-in, a saved preference) has none.
  const [failure, setFailure] = useState<{ request: string; message: string } | null>(null);
  const request = `${token}|${version}`;
  const error = failure?.request === request ? failure.message : null;

  useEffect(() => {
    if (!token) return;
    const abort = new AbortController();
    authFetch<RecommendationsResponse>(`/user/product-recommendation?category_id=${PREFERENCE_CATEGORY}`, {
      signal: abort.signal,
    })
      .then(({ success: _, ...found }) => {
        setLists(found);
        setPreference(fromStoredPreference(found.preference));
      })
      .catch((err: unknown) => {
        if (!isSilent(err)) setFailure({ request: `${token}|${version}`, message: errorMessage(err) });
      });
    return () => abort.abort();
  }, [token, version, authFetch, setPreference]);

  const onSaved = useCallback(
    (saved: UserPreference, message: string) => {
      setPreference(saved);
      setEditing(false);
      setLists(null);
      setVersion((v) => v + 1);
      toast.show({ message, type: 'success' });
    },
    [setPreference, toast],
  );

  // What the lists were made for (the server's copy), once they are here.
  const shown = lists ? fromStoredPreference(lists.preference) : null;
  const focusArea = FOCUS_AREAS.find((f) => f.id === shown?.focusArea);
  const focus = focusArea && (locale === 'en' ? focusArea.label : t(ASPECT_KEYS[focusArea.key]));
  const empty = lists && RECOMMENDATION_LISTS.every((l) => lists[l.key].length === 0);
  const released =
    shown &&
    (locale === 'en'
      ? RELEASED_WITHIN_LABELS[shown.releasedWithin]
      : t(RELEASED_KEYS[shown.releasedWithin])
    ).toLowerCase();

  return (
    <div className="page recommendations">
      <h1 className="page-title">{t('heading')}</h1>
      {shown && (
        <section className="preference-summary" aria-labelledby="preference-summary-title">
          <h2 id="preference-summary-title" className="visually-hidden">
            {t('yourPreferences')}
          </h2>
          <p>
            {t('summaryFrom')}
            <strong>{formatPrice(shown.budget[0])}</strong>
            {t('summaryTo')}
            <strong>{formatPrice(shown.budget[1])}</strong>
            {t('summaryReleased')}
            <strong>{released}</strong>
            {t('summaryWith')}
            <strong>{focus}</strong>
            {t('summaryFirst')}
          </p>
          <UnknownRelease count={lists?.unknown_release} plural="phones" />
          <button
            type="button"
            className="button"
            aria-expanded={editing}
            aria-controls="preference-editor"
            onClick={() => setEditing((e) => !e)}
          >
            {editing ? t('closePreferences') : t('changePreferences')}
          </button>
          <div id="preference-editor" hidden={!editing}>
            {editing && (
              <PreferenceForm
                initial={shown}
                send={authFetch}
                onSaved={onSaved}
                secondary={{ label: t('cancel'), onClick: () => setEditing(false) }}
              />
            )}
          </div>
        </section>
      )}

      {error && (
        <div role="alert" className="alert">
          <p>{error}</p>
          <button type="button" className="button" onClick={() => setVersion((v) => v + 1)}>
            {t('tryAgain')}
          </button>
        </div>
      )}
      {!lists && !error && (
        <p role="status" className="muted">
          {t('finding')}
        </p>
      )}
      {empty && (
        <div className="empty">
          <p>
            {t('noMatch', {
              from: formatPrice(shown!.budget[0]),
              to: formatPrice(shown!.budget[1]),
              released: released ?? '',
            })}
          </p>
          <p>{t('tryWidening')}</p>
          <button type="button" className="button button-primary" onClick={() => setEditing(true)}>
            {t('widen')}
          </button>
        </div>
      )}
      {lists &&
        !empty &&
        RECOMMENDATION_LISTS.map((l) => {
          const items = lists[l.key];
          return (
            <section key={l.key} className="recommendation-list" aria-labelledby={`${l.key}-title`}>
              <h2 id={`${l.key}-title`}>{t(LIST_KEYS[l.key][0])}</h2>
              <p className="muted">{t(LIST_KEYS[l.key][1])}</p>
              {items.length ? (
                <ProductGrid
                  products={items}
                  extra={(p) => (
                    <p className={p.cold_start ? 'card-reason card-reason-cold' : 'card-reason'}>
                      {reasonText(p, l.key, lists.preference, locale, t)}
                    </p>
                  )}
                />
              ) : (
                <p className="empty">
                  {t('nothingHere')} <Link to="/browse">{t('browseAll')}</Link>
                </p>
              )}
            </section>
          );
        })}
    </div>
  );
}
