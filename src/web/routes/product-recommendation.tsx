import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { NAV_INDEX } from '../../shared/constants.ts';
import { formatPrice } from '../../shared/format.ts';
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
import { type MetaContext, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/product-recommendation';

export const handle = { nav: NAV_INDEX.recommendation };
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: preferencesStylesHref }];
export const meta = (args: MetaContext) =>
  pageMeta(
    args,
    'Recommendations',
    'Phones picked for your budget and what matters most to you: Budget Match, Personalized Match and Popular Match.',
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
  const focus = FOCUS_AREAS.find((f) => f.id === shown?.focusArea)?.label;
  const empty = lists && RECOMMENDATION_LISTS.every((l) => lists[l.key].length === 0);
  const released = shown && RELEASED_WITHIN_LABELS[shown.releasedWithin].toLowerCase();

  return (
    <div className="page recommendations">
      <h1 className="page-title">Recommendations for you</h1>
      {shown && (
        <section className="preference-summary" aria-labelledby="preference-summary-title">
          <h2 id="preference-summary-title" className="visually-hidden">
            Your preferences
          </h2>
          <p>
            Phones from <strong>{formatPrice(shown.budget[0])}</strong> to{' '}
            <strong>{formatPrice(shown.budget[1])}</strong>, released in the <strong>{released}</strong>, with{' '}
            <strong>{focus}</strong> first.
          </p>
          <UnknownRelease count={lists?.unknown_release} plural="phones" />
          <button
            type="button"
            className="button"
            aria-expanded={editing}
            aria-controls="preference-editor"
            onClick={() => setEditing((e) => !e)}
          >
            {editing ? 'Close preferences' : 'Change preferences'}
          </button>
          <div id="preference-editor" hidden={!editing}>
            {editing && (
              <PreferenceForm
                initial={shown}
                send={authFetch}
                onSaved={onSaved}
                secondary={{ label: 'Cancel', onClick: () => setEditing(false) }}
              />
            )}
          </div>
        </section>
      )}

      {error && (
        <div role="alert" className="alert">
          <p>{error}</p>
          <button type="button" className="button" onClick={() => setVersion((v) => v + 1)}>
            Try again
          </button>
        </div>
      )}
      {!lists && !error && (
        <p role="status" className="muted">
          Finding phones for you…
        </p>
      )}
      {empty && (
        <div className="empty">
          <p>
            No phones match a budget of {formatPrice(shown!.budget[0])} to {formatPrice(shown!.budget[1])}{' '}
            released in the {released}.
          </p>
          <p>Try widening your budget or choosing Last 3 years.</p>
          <button type="button" className="button button-primary" onClick={() => setEditing(true)}>
            Widen my budget
          </button>
        </div>
      )}
      {lists &&
        !empty &&
        RECOMMENDATION_LISTS.map((l) => {
          const items = lists[l.key];
          return (
            <section key={l.key} className="recommendation-list" aria-labelledby={`${l.key}-title`}>
              <h2 id={`${l.key}-title`}>{l.title}</h2>
              <p className="muted">{l.blurb}</p>
              {items.length ? (
                <ProductGrid
                  products={items}
                  extra={(p) => (
                    <p className={p.cold_start ? 'card-reason card-reason-cold' : 'card-reason'}>
                      {p.reason}
                    </p>
                  )}
                />
              ) : (
                <p className="empty">
                  Nothing here for this budget yet. <Link to="/browse">Browse all phones</Link>
                </p>
              )}
            </section>
          );
        })}
    </div>
  );
}
