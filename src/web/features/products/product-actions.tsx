import { useEffect, useRef, useState } from 'react';
import type { ProductViewer, UpvoteResult } from '../../../shared/community-api.ts';
import { PLATFORM_API } from '../../../shared/constants.ts';
import { formatCount } from '../../../shared/format.ts';
import { useCommunityApi } from '../community/community-api.ts';
import { errorMessage, isSilent } from '../../lib/api.ts';
import { ReportButton } from '../community/report-dialog.tsx';
import { CorrectionButton, type CorrectionTarget } from '../corrections/correction-button.tsx';
import { ShareButton } from '../share/share-button.tsx';
import { useSession } from '../session/session.tsx';
import { useToast } from '../toasts/toasts.tsx';
import { productTexts } from './texts.ts';

/**
 * The product's Upvote toggle (aria-pressed, with the count), Share, its Report button and "Suggest a
 * correction". Signed in, whether the viewer has upvoted (and reported) comes from GET /product/{id}/viewer; the
 * press shows at once and is rolled back, with an error toast, if the call fails.
 */
export function ProductActions({
  productId,
  upvotes,
  share,
  correction,
}: {
  productId: number;
  upvotes: number;
  /** The page's name and canonical address, for the Share button (issue 24). */
  share: { title: string; url: string };
  /** The product as the correction dialog needs it (issue 19). */
  correction: CorrectionTarget;
}) {
  const api = useCommunityApi();
  const { token, ready } = useSession();
  const toast = useToast();
  const [state, setState] = useState({ count: upvotes, upvoted: false });
  const [reported, setReported] = useState(false);
  const [sending, setSending] = useState(false);
  const busy = useRef(false);
  const t = productTexts.useT();

  // Another product (client-side navigation), or fresh loader data.
  const [countFrom, setCountFrom] = useState(upvotes);
  if (countFrom !== upvotes) {
    setCountFrom(upvotes);
    setState((s) => ({ ...s, count: upvotes }));
  }
  // What the viewer did belongs to their token: signed out (or in as someone else) it starts again.
  const [viewerOf, setViewerOf] = useState(token);
  if (viewerOf !== token) {
    setViewerOf(token);
    setState((s) => ({ ...s, upvoted: false }));
    setReported(false);
  }

  useEffect(() => {
    if (!ready || !token) return;
    let live = true;
    api
      .get<ProductViewer>(`${PLATFORM_API}/product/${productId}/viewer`)
      .then((v) => {
        if (!live) return;
        setState((s) => ({ ...s, upvoted: v.upvoted }));
        setReported(v.reported);
      })
      .catch(() => undefined); // The button still works; the server knows the truth.
    return () => {
      live = false;
    };
  }, [api, ready, token, productId]);

  const toggle = async () => {
    if (!token) {
      toast.show({ id: 'sign-in-to-upvote', message: t('signInToUpvote'), type: 'info' });
      return;
    }
    if (busy.current) return;
    busy.current = true;
    const before = state;
    setState({
      count: Math.max(0, before.count + (before.upvoted ? -1 : 1)),
      upvoted: !before.upvoted,
    });
    setSending(true);
    try {
      const result = await api.post<UpvoteResult>(`${PLATFORM_API}/product/${productId}/react/like`);
      setState({ count: result.counts.upvotes, upvoted: result.my_reaction === 'like' });
    } catch (err) {
      setState(before);
      if (!isSilent(err)) toast.show({ message: errorMessage(err), type: 'error' });
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  return (
    <div className="community-actions">
      <button
        type="button"
        className="button upvote"
        aria-pressed={state.upvoted}
        aria-disabled={sending || undefined}
        onClick={() => void toggle()}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M12 4l8 9h-5v7H9v-7H4z" fill="currentColor" />
        </svg>
        {t('upvote')} <span className="upvote-count">{formatCount(state.count)}</span>
      </button>
      <ShareButton {...share} />
      {reported ? (
        <span className="muted small">{t('youReported')}</span>
      ) : (
        // Kept after a report made here (focus returns to it); the next visit shows the note instead.
        <ReportButton target="product" targetId={productId} label={t('reportListing')} />
      )}
      <CorrectionButton target={correction} />
    </div>
  );
}
