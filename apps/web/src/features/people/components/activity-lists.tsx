import { PAGES, type Profile, type ProfileSong } from '@queuecast/contract';
import { Link } from 'react-router';
import { EmojiText } from '../../../components/emoji';
import { formatDateTime, isoTime } from '../../../lib/format';
import styles from '../people.module.css';
import { songLine, stars } from '../profile-text';
import { ActivitySection } from './activity-section';

function SongLink({ song }: { song: ProfileSong }) {
  return (
    <Link to={PAGES.song.path({ id: song.id })} dir="auto">
      {songLine(song)}
    </Link>
  );
}

function When({ at }: { at: number }) {
  return (
    <time className={`muted ${styles.when}`} dateTime={isoTime(at)}>
      {formatDateTime(at)}
    </time>
  );
}

/** The person's latest requests, favourites, votes, comments and chat lines. */
export function ActivityLists({ profile }: { profile: Profile }) {
  return (
    <div className={styles.lists}>
      <ActivitySection id="profile-requests" title="Requests" empty="No requests yet.">
        {profile.requests.map((r) => (
          <li key={r.id} className={styles.item}>
            <SongLink song={r.song} />
            <When at={r.requested_at} />
          </li>
        ))}
      </ActivitySection>
      <ActivitySection id="profile-favorites" title="Favourites" empty="No favourites yet.">
        {profile.favorites.map((f) => (
          <li key={f.song.id} className={styles.item}>
            <SongLink song={f.song} />
            <When at={f.created_at} />
          </li>
        ))}
      </ActivitySection>
      <ActivitySection id="profile-votes" title="Votes" empty="No votes yet.">
        {profile.votes.map((v) => (
          <li key={v.song.id} className={styles.item}>
            <SongLink song={v.song} />
            <span>
              <span className={styles.stars} role="img" aria-label={`${v.vote} out of 5`}>
                {stars(v.vote)}
              </span>{' '}
              <When at={v.created_at} />
            </span>
          </li>
        ))}
      </ActivitySection>
      <ActivitySection id="profile-comments" title="Comments" empty="No comments yet.">
        {profile.comments.map((c) => (
          <li key={c.id} className={styles.item}>
            <SongLink song={c.song} />
            <p className={styles.text} dir="auto">
              {c.comment}
            </p>
            <When at={c.created_at} />
          </li>
        ))}
      </ActivitySection>
      <ActivitySection id="profile-chat" title="Chat lines" empty="Nothing said in the chat yet.">
        {profile.chat.map((line) => (
          <li key={line.id} className={styles.item}>
            <p className={styles.text} dir="auto">
              <EmojiText text={line.message} />
            </p>
            <When at={line.timestamp} />
          </li>
        ))}
      </ActivitySection>
    </div>
  );
}
