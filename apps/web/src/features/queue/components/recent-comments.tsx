import { PAGES } from '@queuecast/contract';
import { Link } from 'react-router';
import { CommentItem, commentListClass } from '../../../components/comment-item';
import { useRecentComments } from '../api/get-recent-comments';

/** The queue page's latest comments, each linking to its song, line breaks kept. */
export function RecentComments() {
  const { data } = useRecentComments();
  return (
    <section aria-labelledby="recent-comments-title" className="recent-comments">
      <h2 id="recent-comments-title">Recent comments</h2>
      {!data ? null : data.length === 0 ? (
        <p className="muted">No comments yet.</p>
      ) : (
        <ul className={commentListClass}>
          {data.map((c) => (
            <CommentItem
              key={c.id}
              context={
                <>
                  <Link to={PAGES.song.path({ id: c.song.id })}>
                    <bdi>{c.song.artist ?? 'Unknown'}</bdi> – <bdi>{c.song.title}</bdi>
                  </Link>{' '}
                  <span className="muted">by</span>{' '}
                </>
              }
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
