import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import {
  artistHandle,
  artistLetter,
  foldText,
  wordPrefixes,
} from '../../apps/server/src/lib/text.js';
import { TOP_PARTNERS_KEPT } from '../../apps/server/src/modules/library/library.repo.js';
import { artistNames, songs, type DatasetSize } from './dataset.js';

const BATCH = 20_000;
const now = Math.floor(Date.now() / 1000);

interface Sink {
  insert(table: string, columns: string[], rows: unknown[][]): Promise<void>;
  search(rows: [number, string][]): Promise<void>;
  /** Sets one column of `table` rows by id. */
  set(
    table: 'tags' | 'artists',
    column: 'song_count' | 'top_partners',
    values: [number, number | string][],
  ): Promise<void>;
}

const tagName = (id: number) => `tag${String(id).padStart(4, '0')}`;

/** Each tag's strongest partners as the server keeps them (TOP_PARTNERS_KEPT, JSON). */
function topPartners(pairs: Int32Array, tags: number): [number, string][] {
  return Array.from({ length: tags }, (_, i) => {
    const t = i + 1;
    const list: [string, number][] = [];
    for (let o = 1; o <= tags; o++) {
      const n = pairs[t * (tags + 1) + o]!;
      if (n > 0) list.push([tagName(o), n]);
    }
    list.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    return [t, JSON.stringify(list.slice(0, TOP_PARTNERS_KEPT))];
  });
}

/** Streams the dataset into any engine through `sink`, in batches; keeps counts in memory. */
async function loadInto(sink: Sink, size: DatasetSize, log: (s: string) => void): Promise<void> {
  const artistName: string[] = [''];
  let batch: unknown[][] = [];
  let id = 0;
  for (const name of artistNames(size.artists)) {
    artistName.push(name);
    batch.push([++id, artistHandle(name), name, artistLetter(name), 'FI', now]);
    if (batch.length === BATCH) {
      await sink.insert(
        'artists',
        ['id', 'handle', 'name', 'letter', 'country_code', 'created_at'],
        batch,
      );
      batch = [];
    }
  }
  await sink.insert(
    'artists',
    ['id', 'handle', 'name', 'letter', 'country_code', 'created_at'],
    batch,
  );
  await sink.insert(
    'platforms',
    ['id', 'name', 'brief', 'created_at'],
    Array.from({ length: size.platforms }, (_, i) => [
      i + 1,
      `Platform ${i + 1}`,
      `P${i + 1}`,
      now,
    ]),
  );
  await sink.insert(
    'tags',
    ['id', 'name', 'song_count'],
    Array.from({ length: size.tags }, (_, i) => [i + 1, tagName(i + 1), 0]),
  );
  log(`artists ${size.artists}, platforms ${size.platforms}, tags ${size.tags}`);

  const tagCount = new Int32Array(size.tags + 1);
  const artistCount = new Int32Array(size.artists + 1);
  const pairs = new Int32Array((size.tags + 1) * (size.tags + 1));
  let songRows: unknown[][] = [];
  let artistRows: unknown[][] = [];
  let tagRows: unknown[][] = [];
  let searchRows: [number, string][] = [];
  let songId = 0;
  const flush = async () => {
    await sink.insert(
      'songs',
      ['id', 'title', 'length', 'platform_id', 'status', 'created_at'],
      songRows,
    );
    await sink.insert('song_artists', ['song_id', 'artist_id', 'position'], artistRows);
    await sink.insert('song_tags', ['song_id', 'tag_id'], tagRows);
    await sink.search(searchRows);
    songRows = [];
    artistRows = [];
    tagRows = [];
    searchRows = [];
  };
  for (const song of songs(size)) {
    songId++;
    songRows.push([songId, song.title, song.length, song.platformId, 'active', now]);
    song.artistIds.forEach((a, position) => {
      artistRows.push([songId, a, position]);
      artistCount[a]!++;
    });
    for (const t of song.tagIds) {
      tagRows.push([songId, t]);
      tagCount[t]!++;
      for (const o of song.tagIds) if (o !== t) pairs[t * (size.tags + 1) + o]!++;
    }
    searchRows.push([
      songId,
      foldText([song.title, ...song.artistIds.map((a) => artistName[a]!)].join(' ')),
    ]);
    if (songRows.length === BATCH) await flush();
    if (songId % 200_000 === 0) log(`songs ${songId}`);
  }
  await flush();

  await sink.set(
    'tags',
    'song_count',
    Array.from({ length: size.tags }, (_, i) => [i + 1, tagCount[i + 1]!]),
  );
  await sink.set(
    'artists',
    'song_count',
    Array.from({ length: size.artists }, (_, i) => [i + 1, artistCount[i + 1]!]),
  );
  let pairRows: unknown[][] = [];
  for (let t = 1; t <= size.tags; t++) {
    for (let o = 1; o <= size.tags; o++) {
      const n = pairs[t * (size.tags + 1) + o]!;
      if (n > 0) pairRows.push([t, o, n]);
      if (pairRows.length === BATCH) {
        await sink.insert('tag_pairs', ['tag_id', 'other_id', 'song_count'], pairRows);
        pairRows = [];
      }
    }
  }
  await sink.insert('tag_pairs', ['tag_id', 'other_id', 'song_count'], pairRows);
  await sink.set('tags', 'top_partners', topPartners(pairs, size.tags));
  log(`songs ${size.songs}, tags ${size.tags}, tag pairs written`);
}

export async function loadSqlite(file: string, size: DatasetSize, log: (s: string) => void) {
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const statements = new Map<string, SqliteDatabase.Statement>();
  const sink: Sink = {
    insert: (table, columns, rows) => {
      if (rows.length === 0) return Promise.resolve();
      const key = `${table}:${columns.join(',')}`;
      let stmt = statements.get(key);
      if (!stmt) {
        stmt = db.prepare(
          `insert into ${table} (${columns.join(',')}) values (${columns.map(() => '?').join(',')})`,
        );
        statements.set(key, stmt);
      }
      const s = stmt;
      db.transaction(() => rows.forEach((r) => s.run(r)))();
      return Promise.resolve();
    },
    search: (rows) => {
      const stmt = db.prepare('insert into song_search (rowid, document) values (?, ?)');
      db.transaction(() => rows.forEach((r) => stmt.run(r)))();
      return Promise.resolve();
    },
    set: (table, column, values) => {
      const stmt = db.prepare(`update ${table} set ${column} = ? where id = ?`);
      db.transaction(() => values.forEach(([id, v]) => stmt.run(v, id)))();
      return Promise.resolve();
    },
  };
  await loadInto(sink, size, log);
  db.exec('analyze');
  db.close();
}

const PG_TYPES: Record<string, string> = {
  id: 'int',
  song_id: 'int',
  artist_id: 'int',
  tag_id: 'int',
  other_id: 'int',
  position: 'int',
  platform_id: 'int',
  song_count: 'int',
  length: 'float8',
  created_at: 'int8',
};

export async function loadPostgres(url: string, size: DatasetSize, log: (s: string) => void) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const sink: Sink = {
    async insert(table, columns, rows) {
      if (rows.length === 0) return;
      const arrays = columns.map((_, i) => rows.map((r) => r[i]));
      const casts = columns.map((c, i) => `$${i + 1}::${PG_TYPES[c] ?? 'text'}[]`);
      await pool.query(
        `insert into ${table} (${columns.join(',')}) select * from unnest(${casts.join(',')})`,
        arrays,
      );
    },
    async search(rows) {
      // As the server writes it (SearchRepo.index): the document and every word's prefixes.
      await pool.query(
        `insert into song_search (song_id, document, prefixes)
         select id, doc, array_to_tsvector(string_to_array(p, ' '))
         from unnest($1::int[], $2::text[], $3::text[]) as u(id, doc, p)`,
        [
          rows.map((r) => r[0]),
          rows.map((r) => r[1]),
          rows.map((r) => wordPrefixes(r[1]).join(' ')),
        ],
      );
    },
    async set(table, column, values) {
      const type = column === 'song_count' ? 'int' : 'text';
      await pool.query(
        `update ${table} set ${column} = c.v from unnest($1::int[], $2::${type}[]) as c(id, v) where ${table}.id = c.id`,
        [values.map((c) => c[0]), values.map((c) => c[1])],
      );
    },
  };
  await loadInto(sink, size, log);
  // Autovacuum would get here on its own after a bulk load; doing it now sets the visibility
  // map (index-only scans) and the planner's statistics before anything is timed.
  await pool.query('vacuum analyze');
  await pool.end();
}
