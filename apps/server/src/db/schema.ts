import type { ColumnType, Generated, RawBuilder } from 'kysely';
import type { StatsTables, WebhookTables } from './schema-insight.js';

/** Epoch seconds. */
type Seconds = number;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string | null;
  password_hash: string;
  role: ColumnType<string, string | undefined, string>;
  token_version: ColumnType<number, number | undefined, number>;
  created_at: Seconds;
  last_seen_at: Seconds | null;
  /** Posting in the chat is refused until then. */
  muted_until: ColumnType<Seconds | null, Seconds | null | undefined, Seconds | null>;
  /** 1: may go on air from a source client at /live. */
  dj: ColumnType<number, number | undefined, number>;
  /** The secret a DJ's source client sends as its password; null for everyone else. */
  stream_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** A kicked DJ's connections are refused until then. */
  live_banned_until: ColumnType<Seconds | null, Seconds | null | undefined, Seconds | null>;
  /** 1: the DJ may go on air at any time, not only in their scheduled shows (migration 0024). */
  live_anytime: ColumnType<number, number | undefined, number>;
}

export interface ReferralCodesTable {
  code: string;
  owner_id: number;
  consumer_id: number | null;
  created_at: Seconds;
  consumed_at: Seconds | null;
}

export interface ArtistsTable {
  id: Generated<number>;
  handle: string;
  name: string;
  /** Browse bucket: 'A'..'Z', '0-9' or '-'. */
  letter: string;
  country_code: string | null;
  song_count: ColumnType<number, number | undefined, number>;
  created_at: Seconds;
}

export interface PlatformsTable {
  id: Generated<number>;
  name: string;
  brief: string;
  created_at: Seconds;
}

export interface SongsTable {
  id: Generated<number>;
  title: string;
  length: ColumnType<number, number | undefined, number>;
  platform_id: number | null;
  status: ColumnType<string, string | undefined, string>;
  h_length: ColumnType<number, number | undefined, number>;
  h_skip: ColumnType<number, number | undefined, number>;
  h_fadeout: ColumnType<number, number | undefined, number>;
  loudness_lufs: number | null;
  loudness_gain: number | null;
  vote_count: ColumnType<number, number | undefined, number>;
  vote_total: ColumnType<number, number | undefined, number>;
  play_count: ColumnType<number, number | undefined, number>;
  last_played_at: Seconds | null;
  added_by: number | null;
  created_at: Seconds;
  /** 0 while a listener's new song waits for staff approval. */
  reviewed: ColumnType<number, number | undefined, number>;
  /** The art store's `<hash>.<ext>` of the cover embedded in the song's file; null without. */
  cover_art: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SongArtistsTable {
  song_id: number;
  artist_id: number;
  position: number;
}

export interface TagsTable {
  id: Generated<number>;
  name: string;
  song_count: ColumnType<number, number | undefined, number>;
  /** JSON `[[name, count], ...]`: the strongest partners, in count order. */
  top_partners: ColumnType<string, string | undefined, string>;
}

export interface SongTagsTable {
  song_id: number;
  tag_id: number;
}

export interface FilesTable {
  id: Generated<number>;
  filename: string;
  stored_path: string;
  size: number;
  content_hash: string;
  duration: number | null;
  format: string | null;
  song_id: number | null;
  uploaded_by: number | null;
  created_at: Seconds;
  /** 1 while a listener's upload waits for staff approval. */
  pending: ColumnType<number, number | undefined, number>;
}

export interface VotesTable {
  user_id: number;
  song_id: number;
  vote: number;
  created_at: Seconds;
}

export interface FavoritesTable {
  user_id: number;
  song_id: number;
  created_at: Seconds;
}

export interface CommentsTable {
  id: Generated<number>;
  song_id: number;
  user_id: number;
  comment: string;
  created_at: Seconds;
}

export interface QueueEntriesTable {
  id: Generated<number>;
  song_id: number;
  /** null: picked by the auto-DJ. */
  requested_by: number | null;
  requested_at: Seconds;
  /** queued | playing | played | skipped */
  state: ColumnType<string, string | undefined, string>;
  started_at: Seconds | null;
}

export interface PlayHistoryTable {
  id: Generated<number>;
  song_id: number;
  queue_id: number | null;
  requested_by: number | null;
  started_at: Seconds;
  length: number;
  /** The station's listeners as the play began and as it ended (null: not known). */
  listeners_start: ColumnType<number | null, number | null | undefined, number | null>;
  listeners_end: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface OnelinerMessagesTable {
  id: Generated<number>;
  user_id: number;
  message: string;
  created_at: Seconds;
}

export interface PrivateMessagesTable {
  id: Generated<number>;
  from_id: number;
  to_id: number;
  message: string;
  sent_at: Seconds;
  read_at: Seconds | null;
}

export interface TagPairsTable {
  tag_id: number;
  other_id: number;
  song_count: ColumnType<number, number | undefined, number>;
}

/** SQLite: FTS5 table keyed by rowid = song id; PostgreSQL: song_id + generated tsvector. */
export interface SongSearchTable {
  rowid: number;
  song_id: number;
  document: string;
}

export interface UserBlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: Seconds;
}

export interface SettingsTable {
  key: string;
  /** JSON. */
  value: string;
}

export interface ModerationLogTable {
  id: Generated<number>;
  actor_id: number | null;
  /** oneliner.delete, user.mute, user.unmute, chat.settings, song.tweak, user.role, user.dj, live.kick */
  action: string;
  target_user_id: number | null;
  /** JSON: what was done, with what it changed. */
  detail: string;
  created_at: Seconds;
}

/** Raised by triggers whenever an artist of the letter is added, removed or changed. */
export interface ArtistLetterStampsTable {
  letter: string;
  stamp: ColumnType<number | string, number, number>;
}

/** Who plays the station: one row (id 1), renewed by its holder. */
/** The auto-DJ's prepared pick for the next track (one row, id 1; see migration 0020). */
export interface StationNextTable {
  id: number;
  song_id: number;
  /** The queue entry on air when it was chosen. */
  after_queue_id: number | null;
  /** Effective length in seconds, after the song's tweaks. */
  length: number;
  chosen_at: Seconds;
}

/** A backup made (migration 0028): when, how it was started, and what came of it. */
export interface BackupRunsTable {
  id: Generated<number>;
  started_at: number;
  finished_at: number;
  /** 'schedule' (BACKUP_SCHEDULE) or 'command' (`npm run backup`). */
  trigger: string;
  ok: number;
  file: string;
  files: number;
  bytes: number;
  added_bytes: number;
  error: string | null;
}

export interface PlayoutLeaseTable {
  id: number;
  holder: string;
  /** Epoch milliseconds by the database's clock. */
  expires_at: ColumnType<number, number | RawBuilder<number>, number | RawBuilder<number>>;
  /** host:port where the holder takes DJ connections (PLAYOUT_ADDRESS); null: not given. */
  address: ColumnType<string | null, string | null | undefined, string | null>;
  /** Grows by one each time another holder takes the lease (migration 0027). */
  term: ColumnType<number, number | RawBuilder<number> | undefined, number | RawBuilder<number>>;
}

/** A live show (migration 0022): open while `ended_at` is null. Fractional epoch seconds. */
export interface LiveSessionsTable {
  id: Generated<number>;
  dj_id: number;
  show_name: string;
  started_at: number;
  ended_at: number | null;
  /** Renewed while the show is on air: how a playout taking over knows it may continue. */
  seen_at: number;
  /** Set while the DJ is gone and the station holds the show for them (a stand-by sound). */
  standby_since: ColumnType<number | null, number | null | undefined, number | null>;
  /** The show's recording under DATA_DIR, its length and size (migration 0023); null: none. */
  recording: ColumnType<string | null, string | null | undefined, string | null>;
  recording_seconds: ColumnType<number | null, number | null | undefined, number | null>;
  recording_bytes: ColumnType<number | null, number | null | undefined, number | null>;
  /** The planned show whose slot it went on air in (migration 0026); null: off the schedule. */
  show_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A planned show (migration 0024): a live DJ's slot or a themed hour of the auto-DJ. */
export interface ScheduledShowsTable {
  id: Generated<number>;
  title: string;
  description: string | null;
  kind: string;
  dj_id: number | null;
  starts_at: Seconds;
  minutes: number;
  weekly: ColumnType<number, number | undefined, number>;
  /** A themed show's filter, JSON (ShowTheme). */
  theme: string | null;
  /** The show's picture in the art store, `<hash>.<ext>` (migration 0025). */
  artwork: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: number | null;
  created_at: Seconds;
}

/** A title the DJ sent (metadata request or stream comments), from `at` on. */
export interface LiveTitlesTable {
  id: Generated<number>;
  session_id: number;
  title: string;
  at: number;
}

/** The request line: what listeners sent the DJ during a show. */
export interface LiveLineTable {
  id: Generated<number>;
  session_id: number;
  user_id: number;
  /** request | dedication */
  kind: string;
  song_id: number | null;
  message: string | null;
  created_at: Seconds;
}

export interface Database extends StatsTables, WebhookTables {
  users: UsersTable;
  referral_codes: ReferralCodesTable;
  artists: ArtistsTable;
  platforms: PlatformsTable;
  songs: SongsTable;
  song_artists: SongArtistsTable;
  tags: TagsTable;
  song_tags: SongTagsTable;
  files: FilesTable;
  votes: VotesTable;
  favorites: FavoritesTable;
  comments: CommentsTable;
  queue_entries: QueueEntriesTable;
  play_history: PlayHistoryTable;
  oneliner_messages: OnelinerMessagesTable;
  settings: SettingsTable;
  user_blocks: UserBlocksTable;
  moderation_log: ModerationLogTable;
  private_messages: PrivateMessagesTable;
  tag_pairs: TagPairsTable;
  song_search: SongSearchTable;
  playout_lease: PlayoutLeaseTable;
  station_next: StationNextTable;
  live_sessions: LiveSessionsTable;
  live_titles: LiveTitlesTable;
  live_line: LiveLineTable;
  scheduled_shows: ScheduledShowsTable;
  artist_letter_stamps: ArtistLetterStampsTable;
  backup_runs: BackupRunsTable;
}
