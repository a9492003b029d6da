/**
 * Demo data of the marketplace (`src/seed.ts` calls it through the service).
 */
import { LISTING_TTL_DAYS } from '@campus/contract/marketplace';
import { marketplaceItems } from '../../db/schema/marketplace.ts';
import type { ServiceContext } from '../../lib/context.ts';

/** Demo listings: a few items per demo student, spread over recent days. */
export async function seedMarketplaceDemo(ctx: ServiceContext, demo: { students: { id: string }[] }): Promise<void> {
  const s = demo.students;
  if (!s.length) return;
  const DAY = 86_400_000;
  const now = Date.now();
  const rows: Array<Omit<typeof marketplaceItems.$inferInsert, 'userId' | 'expiresAt'> & { owner: number }> = [
    {
      owner: 0,
      itemName: 'Casio FX-991EX scientific calculator',
      price: 950,
      category: 'Electronics',
      itemCondition: 'Like New',
      description: 'Used for two semesters, all functions work. Comes with the cover.',
      ownerContact: '9876501234',
    },
    {
      owner: 1,
      itemName: 'Engineering Mathematics by B.S. Grewal',
      price: 400,
      category: 'Books',
      itemCondition: 'Good',
      description: '44th edition, a few pencil marks in the first chapters.',
      ownerContact: '9876502345',
    },
    {
      owner: 2,
      itemName: 'Hero Sprint 26T bicycle',
      price: 3500,
      category: 'Cycle',
      itemCondition: 'Fair',
      description: 'Gears work, new brake pads last month. Pickup from Supermax Flats.',
      ownerContact: '9876503456',
    },
    {
      owner: 3,
      itemName: 'Study table with drawer',
      price: 1800,
      category: 'Furniture',
      itemCondition: 'Good',
      description: 'Engineered wood, 90 × 45 cm. Moving out, must go this week.',
      ownerContact: '9876504567',
    },
    {
      owner: 4,
      itemName: 'Cricket bat (Kashmir willow)',
      price: 1200,
      category: 'Sports',
      itemCondition: 'Good',
      description: 'Knocked in, light scuffs on the edge.',
      ownerContact: '9876505678',
    },
    {
      owner: 5,
      itemName: 'Winter jacket, size M',
      price: 900,
      category: 'Clothing',
      itemCondition: 'Like New',
      description: 'Worn a handful of times, warm and water resistant.',
      ownerContact: '9876506789',
    },
    {
      owner: 0,
      itemName: 'Boat Rockerz 450 headphones',
      price: 1100,
      category: 'Electronics',
      itemCondition: 'Good',
      description: 'Battery still lasts a full day. Charging cable included.',
      ownerContact: '9876501234',
    },
    {
      owner: 1,
      itemName: 'Data Structures using C notes (printed)',
      price: 150,
      category: 'Books',
      itemCondition: 'Fair',
      description: 'Complete second-semester notes, spiral bound.',
      ownerContact: '9876502345',
    },
  ];
  await ctx.db.insert(marketplaceItems).values(
    rows.map(({ owner, ...r }, i) => {
      const createdAt = new Date(now - (i * 1.5 + 0.2) * DAY);
      return {
        ...r,
        userId: s[owner % s.length]!.id,
        createdAt,
        updatedAt: createdAt,
        expiresAt: new Date(createdAt.getTime() + LISTING_TTL_DAYS * DAY),
      };
    }),
  );
}
