/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import type { Kysely } from 'kysely';
import { createExpressionIndex, REAL, SECONDS, withId } from './columns.js';

/** The whole domain model, so that later features add behaviour rather than rewrites. */
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema;

  await withId(db, s.createTable('users'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', SECONDS, (c) => c.notNull())
    .addColumn('last_seen_at', SECONDS)
    .execute();
  await createExpressionIndex(db, 'users_username_lower', 'users', 'lower(username)', true);
  await s.createIndex('users_last_seen').on('users').column('last_seen_at').execute();

  await s
    .createTable('referral_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('consumer_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', SECONDS, (c) => c.notNull())
    .addColumn('consumed_at', SECONDS)
    .execute();
  await s.createIndex('referral_codes_owner').on('referral_codes').column('owner_id').execute();

  await withId(db, s.createTable('artists'))
    .addColumn('handle', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('letter', 'text', (c) => c.notNull())
    .addColumn('country_code', 'text')
    .addColumn('created_at', SECONDS, (c) => c.notNull())
    .execute();
  await s.createIndex('artists_letter_name').on('artists').columns(['letter', 'name']).execute();
  await createExpressionIndex(db, 'artists_name_lower', 'artists', 'lower(name)');

  await withId(db, s.createTable('platforms'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('brief', 'text', (c) => c.notNull())
    .addColumn('created_at', SECONDS, (c) => c.notNull())
    .execute();

  await withId(db, s.createTable('songs'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('length', REAL, (c) => c.notNull().defaultTo(0))
    .addColumn('platform_id', 'integer', (c) => c.references('platforms.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('missing_file'))
    .addColumn('h_length', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('h_skip', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('h_fadeout', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('loudness_lufs', REAL)
    .addColumn('loudness_gain', REAL)
    .addColumn('vote_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vote_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('play_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_played_at', SECONDS)
    .addColumn('added_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', SECONDS, (c) => c.notNull())
    .execute();
  await s
    .createIndex('songs_platform_title')
    .on('songs')
    .columns(['platform_id', 'title'])
    .execute();
  await s.createIndex('songs_status').on('songs').columns(['status', 'id']).execute();
  await s.createIndex('songs_last_played').on('songs').column('last_played_at').execute();

  await s
    .createTable('song_artists')
    .addColumn('song_id', 'integer', (c) => c.notNull().references('songs.id').onDelete('cascade'))
    .addColumn('artist_id', 'integer', (c) =>
      c.notNull().references('artists.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('song_artists_pk', ['song_id', 'artist_id'])
    .execute();
  await s
    .createIndex('song_artists_artist')
    .on('song_artists')
    .columns(['artist_id', 'song_id'])
    .execute();

  await withId(db, s.createTable('tags'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('song_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await s
    .createTable('song_tags')
    .addColumn('song_id', 'integer', (c) => c.notNull().references('songs.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('song_tags_pk', ['song_id', 'tag_id'])
    .execute();
  await s.createIndex('song_tags_tag').on('song_tags').columns(['tag_id', 'song_id']).execute();

  await withId(db, s.createTable('files'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('stored_path', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull().unique())
    .addColumn('duration', REAL)
    .addColumn('format', 'text')
    .addColumn('song_id', 'integer', (c) => c.references('songs.id').onDelete('set null'))
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', SECONDS, (c) => c.notNull())
    .execute();
  await s.createIndex('files_song').on('files').column('song_id').execute();
  await createExpressionIndex(db, 'files_filename_lower', 'files', 'lower(filename)');

  for (const table of ['votes', 'favorites'] as const) {
    let t = s
      .createTable(table)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('song_id', 'integer', (c) =>
        c.notNull().references('songs.id').onDelete('cascade'),
      );
    if (table === 'votes') t = t.addColumn('vote', 'integer', (c) => c.notNull());
    await t
      .addColumn('created_at', SECONDS, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['user_id', 'song_id'])
      .execute();
    await s.createIndex(`${table}_song`).on(table).column('song_id').execute();
  }

  await withId(db, s.createTable('comments'))
    .addColumn('song_id', 'integer', (c) => c.notNull().references('songs.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('created_at', SECONDS, (c) => c.notNull())
    .execute();
  await s.createIndex('comments_song').on('comments').columns(['song_id', 'id']).execute();
  await s.createIndex('comments_user').on('comments').columns(['user_id', 'id']).execute();

  await withId(db, s.createTable('queue_entries'))
    .addColumn('song_id', 'integer', (c) => c.notNull().references('songs.id').onDelete('cascade'))
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('requested_at', SECONDS, (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('started_at', SECONDS)
    .execute();
  await s.createIndex('queue_state').on('queue_entries').columns(['state', 'id']).execute();
  await s
    .createIndex('queue_requester_state')
    .on('queue_entries')
    .columns(['requested_by', 'state'])
    .execute();
  await s
    .createIndex('queue_song_state')
    .on('queue_entries')
    .columns(['song_id', 'state'])
    .execute();

  await withId(db, s.createTable('play_history'))
    .addColumn('song_id', 'integer', (c) => c.notNull().references('songs.id').onDelete('cascade'))
    .addColumn('queue_id', 'integer', (c) => c.references('queue_entries.id').onDelete('set null'))
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('started_at', SECONDS, (c) => c.notNull())
    .addColumn('length', REAL, (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex('play_history_started').on('play_history').column('started_at').execute();
  await s
    .createIndex('play_history_song')
    .on('play_history')
    .columns(['song_id', 'started_at'])
    .execute();

  await withId(db, s.createTable('oneliner_messages'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', SECONDS, (c) => c.notNull())
    .execute();

  await withId(db, s.createTable('private_messages'))
    .addColumn('from_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('to_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('sent_at', SECONDS, (c) => c.notNull())
    .addColumn('read_at', SECONDS)
    .execute();
  await s
    .createIndex('private_messages_to_unread')
    .on('private_messages')
    .columns(['to_id', 'read_at'])
    .execute();
  await s
    .createIndex('private_messages_pair')
    .on('private_messages')
    .columns(['from_id', 'to_id', 'id'])
    .execute();
  await s
    .createIndex('private_messages_pair_rev')
    .on('private_messages')
    .columns(['to_id', 'from_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'private_messages',
    'oneliner_messages',
    'play_history',
    'queue_entries',
    'comments',
    'favorites',
    'votes',
    'files',
    'song_tags',
    'tags',
    'song_artists',
    'songs',
    'platforms',
    'artists',
    'referral_codes',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
