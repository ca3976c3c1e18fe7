import type { ReactNode } from 'react';
import type { Author, ReactionResult } from '../../../shared/community-api.ts';
import type { PostTarget } from '../../../shared/moderation-constants.ts';
import { AuthorLine } from './author-line.tsx';
import { DeleteButton } from './delete-button.tsx';
import { type Reaction, ReactionButtons } from './reaction-buttons.tsx';
import { ReportButton } from './report-dialog.tsx';
import { UserText } from './user-text.tsx';

/** What questions, answers, comments and replies have in common. */
export interface LikeableItem {
  id: number;
  author: Author;
  created_at: string;
  text: string;
  likes: number;
  dislikes: number;
  my_reaction: 'like' | 'dislike' | null;
  mine: boolean;
}

/**
 * The body of a question, answer, comment or reply: who wrote it and when, the text, Like / Dislike, any
 * further actions (`children`), and Delete on the viewer's own or, with `report`, Report on anyone else's. The
 * caller supplies the list item around it. (Lists never hold hidden posts: their authors find them in their
 * account's notices.)
 */
export function ItemBody({
  item,
  subject,
  report,
  textClassName,
  send,
  onReacted,
  onDelete,
  focusAfterDelete,
  children,
}: {
  item: LikeableItem;
  /** 'question', 'answer', 'comment' or 'reply': the buttons' accessible names. */
  subject: string;
  /** What a report of it is about ("Report comment"); no Report button without it. */
  report?: Exclude<PostTarget, 'review'>;
  textClassName?: string;
  send(reaction: Reaction): Promise<ReactionResult>;
  onReacted?(counts: [number, number], mine: Reaction | null): void;
  onDelete(): Promise<void>;
  focusAfterDelete?: () => HTMLElement | null | undefined;
  children?: ReactNode;
}) {
  return (
    <>
      <AuthorLine author={item.author} date={item.created_at} />
      <UserText text={item.text} className={textClassName} />
      <div className="item-actions">
        <ReactionButtons
          kind="like"
          counts={[item.likes, item.dislikes]}
          mine={item.my_reaction}
          own={item.mine}
          subject={subject}
          send={send}
          {...(onReacted ? { onChange: onReacted } : {})}
        />
        {children}
        {item.mine ? (
          <span className="push">
            <DeleteButton
              what={subject}
              onDelete={onDelete}
              {...(focusAfterDelete ? { focusAfter: focusAfterDelete } : {})}
            />
          </span>
        ) : (
          report && (
            <span className="push">
              <ReportButton target={report} targetId={item.id} />
            </span>
          )
        )}
      </div>
    </>
  );
}
