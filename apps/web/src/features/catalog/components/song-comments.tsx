import { LIMITS, PAGES, type SongDetail } from '@queuecast/contract';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CommentItem, commentListClass } from '../../../components/comment-item';
import { describeFailure } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { usePostComment } from '../api/post-comment';
import { commentFailureText } from '../comment-rules';
import styles from '../song-page.module.css';

function CommentForm({ songId }: { songId: number }) {
  const post = usePostComment();
  const [text, setText] = useState('');
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const comment = text.trim();
    if (!comment) return;
    post.mutate(
      { songId, comment },
      {
        onSuccess: () => setText(''),
        // Muted, too fast: the server says until when, which helps more than a bare failure.
        onError: (err) => notify.error(commentFailureText(describeFailure(err))),
      },
    );
  };
  return (
    <form onSubmit={submit} className={styles.commentForm}>
      <label htmlFor={id}>Add a comment</label>
      <textarea
        id={id}
        rows={3}
        maxLength={LIMITS.commentMax}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" disabled={post.isPending}>
        Submit
      </button>
    </form>
  );
}

/** The add-comment box (signed in) and the comments, newest first, line breaks kept. */
export function SongComments({
  songId,
  comments,
  loggedIn,
}: {
  songId: number;
  comments: SongDetail['comments'];
  loggedIn: boolean;
}) {
  return (
    <section aria-labelledby="comments-title" className={styles.comments}>
      <h2 id="comments-title">Comments</h2>
      {loggedIn ? (
        <CommentForm songId={songId} />
      ) : (
        <p className="muted">
          <Link to={PAGES.login.path()}>Log in</Link> to comment.
        </p>
      )}
      {comments.length === 0 ? (
        <p className="muted">No comments yet.</p>
      ) : (
        <ul className={commentListClass} aria-label="Comments">
          {comments.map((c) => (
            <CommentItem
              key={c.id}
              username={c.username}
              createdAt={c.created_at}
              comment={c.comment}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
