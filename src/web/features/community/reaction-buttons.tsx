import { useRef, useState } from 'react';
import type { ReactionResult } from '../../../shared/community-api.ts';
import { formatCount } from '../../../shared/format.ts';
import { useSession } from '../session/session.tsx';
import { useToast } from '../toasts/toasts.tsx';
import { errorMessage, isSilent } from '../../lib/api.ts';
import { reactionTexts } from './reaction-texts.ts';

export type Reaction = 'like' | 'dislike' | 'useful' | 'not_useful';

export interface ReactionButtonsProps {
  /** 'like': Like / Dislike (questions, answers, comments, replies); 'useful': Useful / Not useful (reviews). */
  kind: 'like' | 'useful';
  /** [likes, dislikes] or [useful, not_useful]. */
  counts: readonly [number, number];
  /** The viewer's reaction now. */
  mine: Reaction | null;
  /** The viewer's own content: counts only, nothing to press. */
  own?: boolean;
  /** What is reacted to, for the buttons' accessible names ('question' → "Like this question"). */
  subject: string;
  /** Sends the reaction (the same one again removes it); resolves with the server's counts and reaction. */
  send(reaction: Reaction): Promise<ReactionResult>;
  /** Told the outcome after a successful call (to keep a list's item in step). */
  onChange?(counts: [number, number], mine: Reaction | null): void;
}

/** Each kind's two buttons: the reaction sent, the label, and the key of its count in the server's answer. */
const KINDS = {
  like: {
    up: { reaction: 'like', label: 'like', key: 'likes' },
    down: { reaction: 'dislike', label: 'dislike', key: 'dislikes' },
  },
  useful: {
    up: { reaction: 'useful', label: 'useful', key: 'useful' },
    down: { reaction: 'not_useful', label: 'notUseful', key: 'not_useful' },
  },
} as const;

export const SIGN_IN_TO_REACT = 'Please sign in to react.';

/** The counts and reaction after pressing `reaction` (the same one again undoes it, the other one switches). */
function applyLocally(
  kind: ReactionButtonsProps['kind'],
  [up, down]: readonly [number, number],
  mine: Reaction | null,
  reaction: Reaction,
): { counts: [number, number]; mine: Reaction | null } {
  const upR = KINDS[kind].up.reaction;
  let u = up;
  let d = down;
  if (mine === upR) u -= 1;
  else if (mine) d -= 1;
  if (mine === reaction) return { counts: [Math.max(0, u), Math.max(0, d)], mine: null };
  if (reaction === upR) u += 1;
  else d += 1;
  return { counts: [Math.max(0, u), Math.max(0, d)], mine: reaction };
}

/**
 * Two toggle buttons (aria-pressed) with their counts: "Like 3" / "Dislike 0" or "Useful 12" / "Not useful 1".
 * The press shows at once and is rolled back, with an error toast, if the call fails. Signed out, a press says
 * to sign in; on the viewer's own content only the counts show.
 */
export function ReactionButtons({
  kind,
  counts,
  mine,
  own = false,
  subject,
  send,
  onChange,
}: ReactionButtonsProps) {
  const { token } = useSession();
  const t = reactionTexts.useT();
  const toast = useToast();
  const [state, setState] = useState({ counts: [counts[0], counts[1]] as [number, number], mine });
  const [sending, setSending] = useState(false);
  const busy = useRef(false);
  const [up0, down0] = counts;
  // New data from the parent (a reload after sign-in, another page) replaces what is shown.
  const [shownFrom, setShownFrom] = useState({ up0, down0, mine });
  if (shownFrom.up0 !== up0 || shownFrom.down0 !== down0 || shownFrom.mine !== mine) {
    setShownFrom({ up0, down0, mine });
    setState({ counts: [up0, down0], mine });
  }

  const spec = KINDS[kind];

  if (own) {
    return (
      <p className="reactions reactions-own">
        <span>
          {t(spec.up.label)} {formatCount(state.counts[0])}
        </span>
        <span>
          {t(spec.down.label)} {formatCount(state.counts[1])}
        </span>
      </p>
    );
  }

  const press = async (reaction: Reaction) => {
    if (!token) {
      toast.show({ id: 'sign-in-to-react', message: t('signInToReact'), type: 'info' });
      return;
    }
    if (busy.current) return;
    busy.current = true;
    const before = state;
    setState(applyLocally(kind, state.counts, state.mine, reaction));
    setSending(true);
    try {
      const result = await send(reaction);
      const next = {
        counts: [result.counts[spec.up.key]!, result.counts[spec.down.key]!] as [number, number],
        mine: result.my_reaction as Reaction | null,
      };
      setState(next);
      onChange?.(next.counts, next.mine);
    } catch (err) {
      setState(before);
      if (!isSilent(err)) toast.show({ message: errorMessage(err), type: 'error' });
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  return (
    <div
      className="reactions"
      role="group"
      aria-label={t('reactionsTo', { what: t('subject', { what: subject }) })}
      aria-busy={sending || undefined}
    >
      {[spec.up, spec.down].map((b, i) => (
        <button
          key={b.reaction}
          type="button"
          className={`reaction reaction-${i === 0 ? 'up' : 'down'} mask-icon`}
          aria-pressed={state.mine === b.reaction}
          // aria-disabled rather than disabled: a disabled button drops the keyboard focus.
          aria-disabled={sending || undefined}
          onClick={() => void press(b.reaction)}
        >
          <span>
            {t(b.label)} {formatCount(state.counts[i]!)}
          </span>
        </button>
      ))}
    </div>
  );
}
