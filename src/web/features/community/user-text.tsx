/**
 * Text a user wrote, shown as text: React escapes it, and CSS (white-space: pre-line) keeps its line breaks.
 * Never HTML.
 */
export function UserText({ text, className }: { text: string; className?: string | undefined }) {
  return <div className={className ? `user-text ${className}` : 'user-text'}>{text}</div>;
}
