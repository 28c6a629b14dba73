import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { songArtistNames } from '../../db/song-sql.js';
import type { WebhookDeliveriesTable, WebhooksTable } from '../../db/schema-insight.js';

export type WebhookRow = Selectable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type NewDelivery = Insertable<WebhookDeliveriesTable>;
export type NewWebhook = Omit<WebhookRow, 'id'>;

/** What a try came to: the answer's status and time, or the error. */
export interface TryOutcome {
  state: 'pending' | 'delivered' | 'failed';
  status: number | null;
  response_ms: number | null;
  error: string | null;
  tried_at: number;
  next_at: number | null;
}

/** A song as the webhooks tell it: title, artists (joined), who requested it. */
export interface SongFacts {
  id: number;
  title: string;
  artists: string[];
  length: number;
}

export interface ShowFacts {
  id: number;
  name: string;
  dj: string;
  started_at: number;
  ended_at: number | null;
}

export class WebhooksRepo {
  constructor(private readonly db: Db) {}

  all(): Promise<WebhookRow[]> {
    return this.db.selectFrom('webhooks').selectAll().orderBy('id').execute();
  }

  find(id: number): Promise<WebhookRow | undefined> {
    return this.db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('webhooks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async create(hook: NewWebhook): Promise<number> {
    const row = await this.db
      .insertInto('webhooks')
      .values(hook)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, change: Pick<WebhookRow, 'url' | 'format' | 'events' | 'enabled'>) {
    const result = await this.db
      .updateTable('webhooks')
      .set(change)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Removes the webhook and its deliveries. */
  async remove(id: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('webhook_deliveries').where('webhook_id', '=', id).execute();
      const result = await trx.deleteFrom('webhooks').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    });
  }

  /** The enabled webhooks told of `event`. */
  async listening(event: string): Promise<WebhookRow[]> {
    const rows = await this.db
      .selectFrom('webhooks')
      .selectAll()
      .where('enabled', '=', 1)
      .execute();
    return rows.filter((r) => r.events.split(',').includes(event));
  }

  async enqueue(deliveries: NewDelivery[]): Promise<void> {
    if (deliveries.length)
      await this.db.insertInto('webhook_deliveries').values(deliveries).execute();
  }

  /**
   * Deliveries whose next try is due, oldest first, with their webhook: at most `limit`, none
   * of the webhooks in `busy`.
   */
  due(now: number, limit: number, busy: number[]) {
    let query = this.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
      .select([
        'd.id',
        'd.webhook_id',
        'd.delivery',
        'd.event',
        'd.body',
        'd.attempts',
        'w.url',
        'w.secret',
      ])
      .where('d.state', '=', 'pending')
      .where('d.next_at', '<=', now)
      .orderBy('d.next_at')
      .orderBy('d.id')
      .limit(limit);
    if (busy.length) query = query.where('d.webhook_id', 'not in', busy);
    return query.execute();
  }

  /** When the earliest pending delivery falls due (epoch seconds), or null with none pending. */
  async nextDue(): Promise<number | null> {
    const row = await this.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.min('next_at').as('at'))
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return row?.at == null ? null : Number(row.at);
  }

  async tried(id: number, outcome: TryOutcome): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set((eb) => ({ ...outcome, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  /** The latest deliveries of a webhook, newest first. */
  deliveries(webhookId: number, limit: number): Promise<DeliveryRow[]> {
    return this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async delivery(id: string): Promise<DeliveryRow | undefined> {
    return this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('delivery', '=', id)
      .executeTakeFirst();
  }

  /** Forgets finished deliveries created before `before`. */
  async prune(before: number): Promise<void> {
    await this.db
      .deleteFrom('webhook_deliveries')
      .where('state', '!=', 'pending')
      .where('created_at', '<', before)
      .execute();
  }

  async song(id: number): Promise<SongFacts | undefined> {
    const song = await this.db
      .selectFrom('songs')
      .select(['id', 'title', 'length'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!song) return undefined;
    return { ...song, artists: await songArtistNames(this.db, id) };
  }

  async username(id: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.username;
  }

  /** The live show not yet ended (the newest), or one show by id. */
  async show(id?: number): Promise<ShowFacts | undefined> {
    let query = this.db
      .selectFrom('live_sessions as s')
      .innerJoin('users as u', 'u.id', 's.dj_id')
      .select(['s.id', 's.show_name as name', 'u.username as dj', 's.started_at', 's.ended_at']);
    query = id === undefined ? query.where('s.ended_at', 'is', null) : query.where('s.id', '=', id);
    const row = await query.orderBy('s.id', 'desc').executeTakeFirst();
    return (
      row && {
        ...row,
        started_at: Number(row.started_at),
        ended_at: row.ended_at === null ? null : Number(row.ended_at),
      }
    );
  }
}
