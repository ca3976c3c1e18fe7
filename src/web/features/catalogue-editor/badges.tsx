import type { EditorHit } from '../../../shared/catalogue-editing.ts';
import { catalogueEditorTexts, hideReasonWord } from './texts.ts';

/** "Hidden: duplicate", "Rumoured": what an editor must know of a listing at a glance. */
export function ListingBadges({ hit }: { hit: Pick<EditorHit, 'hidden' | 'hidden_reason' | 'status'> }) {
  const t = catalogueEditorTexts.useT();
  return (
    <span className="mod-badges">
      {hit.hidden && (
        <span className="mod-badge-hidden">
          {hit.hidden_reason
            ? t('hiddenWithReason', { reason: hideReasonWord(t, hit.hidden_reason) })
            : t('hidden')}
        </span>
      )}
      {hit.status === 'rumoured' && <span className="mod-badge-flagged">{t('rumoured')}</span>}
    </span>
  );
}
