/**
 * The retention job (docs/privacy.md "Retention"): a sold listing and a returned lost & found item
 * last changed more than RETENTION_DAYS ago are erased with their photos; open ones and recently
 * closed ones stay; notifications older than 90 days go; two instances running it together erase
 * each record once.
 */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { lostFoundItems } from '../../db/schema/lost-found.ts';
import { marketplaceItems } from '../../db/schema/marketplace.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { testWorldHooks } from '../../test/helpers.ts';
import { jpeg, multipartForm } from '../../test/multipart.ts';
import { VALID_LOST_FOUND } from '../lost-found/lost-found.cases.ts';
import { VALID_ITEM } from '../marketplace/marketplace.cases.ts';
import { purgeRetained } from './privacy.service.ts';

const w = testWorldHooks(['seller', 'viewer'], { TRUST_PROXY: '127.0.0.1', RETENTION_DAYS: '30' });
const {
  t,
  users: { seller, viewer },
} = w;

const longAgo = sql`now() - interval '31 days'`;

describe('retention', () => {
  it('erases closed records past RETENTION_DAYS with their photos, and old notifications', async () => {
    const listing = async (sold: boolean, old: boolean) => {
      const res = await w.send(
        'POST',
        '/api/buy-and-sell/items',
        seller.cookie,
        multipartForm(VALID_ITEM, [{ field: 'image', filename: 'p.jpg', content: await jpeg() }]),
      );
      const item = res.json().data as { id: string; image_url: string };
      await t.app.ctx.db.update(marketplaceItems).set({ isSold: sold }).where(eq(marketplaceItems.id, item.id));
      // $onUpdateFn sets updated_at on every Drizzle update: set it back by hand after.
      if (old)
        await t.app.ctx.db.execute(sql`update marketplace_items set updated_at = ${longAgo} where id = ${item.id}`);
      return item;
    };
    const oldSold = await listing(true, true);
    const newSold = await listing(true, false);
    const oldOpen = await listing(false, true);
    const found = await w.as(seller).post('/api/lost-and-found/lost-items', VALID_LOST_FOUND);
    const foundId = found.json().data.id as string;
    await t.app.ctx.db.update(lostFoundItems).set({ isReturned: true }).where(eq(lostFoundItems.id, foundId));
    await t.app.ctx.db.execute(sql`update lost_found_items set updated_at = ${longAgo} where id = ${foundId}`);
    await t.app.ctx.db.insert(notifications).values([
      { userId: viewer.userId, message: 'old', createdAt: new Date(Date.now() - 91 * 86_400_000) },
      { userId: viewer.userId, message: 'new' },
    ]);

    const [a, b] = await Promise.all([purgeRetained(t.app.ctx), purgeRetained(t.app.ctx)]);
    expect(a + b).toBe(2);
    const left = (await t.app.ctx.db.select({ id: marketplaceItems.id }).from(marketplaceItems)).map((r) => r.id);
    expect(left.sort()).toEqual([newSold.id, oldOpen.id].sort());
    expect(await t.app.ctx.db.select().from(lostFoundItems).where(eq(lostFoundItems.id, foundId))).toEqual([]);
    expect((await w.as(viewer).get(new URL(oldSold.image_url).pathname)).statusCode).toBe(404);
    expect((await w.as(viewer).get(new URL(oldOpen.image_url).pathname)).statusCode).toBe(200);
    const notes = await t.app.ctx.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(eq(notifications.userId, viewer.userId));
    expect(notes.map((n) => n.message)).toEqual(['new']);
  });
});
