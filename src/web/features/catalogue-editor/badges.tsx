import type { EditorHit } from '../../../shared/catalogue-editing.ts';

/** "Hidden: duplicate", "Rumoured": what an editor must know of a listing at a glance. */
export function ListingBadges({ hit }: { hit: Pick<EditorHit, 'hidden' | 'hidden_reason' | 'status'> }) {
  return (
    <span className="mod-badges">
      {hit.hidden && (
        <span className="mod-badge-hidden">Hidden{hit.hidden_reason ? `: ${hit.hidden_reason}` : ''}</span>
      )}
      {hit.status === 'rumoured' && <span className="mod-badge-flagged">Rumoured</span>}
    </span>
  );
}
