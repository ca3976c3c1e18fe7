import { useForeignText } from '../../i18n/i18n.tsx';

/**
 * Text a user wrote, shown as text: React escapes it, and CSS (white-space: pre-line) keeps its line breaks.
 * Never HTML. On a Hindi page it says its language is unknown (lang=""): members write in any language.
 */
export function UserText({ text, className }: { text: string; className?: string | undefined }) {
  const { userText } = useForeignText();
  return (
    <div className={className ? `user-text ${className}` : 'user-text'} {...userText}>
      {text}
    </div>
  );
}
