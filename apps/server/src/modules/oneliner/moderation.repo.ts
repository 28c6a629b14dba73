import type { ChatSettings } from '@queuecast/contract';
import type { Db } from '../../db/database.js';

const CHAT_SETTINGS = 'chat';
export const DEFAULT_CHAT_SETTINGS: ChatSettings = { slow_mode_seconds: 0, word_filter: [] };

/** The chat's moderation data: its settings and the messages staff act on. */
export class ModerationRepo {
  constructor(private readonly db: Db) {}

  async chatSettings(): Promise<ChatSettings> {
    const row = await this.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', CHAT_SETTINGS)
      .executeTakeFirst();
    return row
      ? { ...DEFAULT_CHAT_SETTINGS, ...(JSON.parse(row.value) as ChatSettings) }
      : DEFAULT_CHAT_SETTINGS;
  }

  async saveChatSettings(settings: ChatSettings, trx: Db = this.db): Promise<void> {
    const value = JSON.stringify(settings);
    await trx
      .insertInto('settings')
      .values({ key: CHAT_SETTINGS, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }

  /** When the user last posted, for slow mode. */
  async lastPostAt(userId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('oneliner_messages')
      .select('created_at')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? Number(row.created_at) : null;
  }

  message(id: number, trx: Db = this.db) {
    return trx
      .selectFrom('oneliner_messages as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .select(['o.id', 'o.user_id', 'u.username', 'o.message'])
      .where('o.id', '=', id)
      .executeTakeFirst();
  }

  async deleteMessage(id: number, trx: Db = this.db): Promise<void> {
    await trx.deleteFrom('oneliner_messages').where('id', '=', id).execute();
  }
}
