/**
 * Demo data of ride sharing (`src/seed.ts` calls it through the service).
 */
import { rideParticipants, rides } from '../../db/schema/rides.ts';
import type { ServiceContext } from '../../lib/context.ts';

/**
 * Demo rides: upcoming rides between the institute's common places
 * (`ridePlaces`, the first being the campus) offered by demo students, some already joined by
 * others; `available_seats` = seats − participants, as join keeps it.
 */
export async function seedRidesDemo(ctx: ServiceContext, demo: { students: { id: string }[] }): Promise<void> {
  const s = demo.students;
  if (s.length < 2) return;
  const places = ctx.config.institute.ridePlaces;
  const campus = places[0]!;
  const other = (i: number) => places[1 + (i % Math.max(1, places.length - 1))] ?? 'Railway Station';
  const HOUR = 3_600_000;
  const now = Date.now();
  const plan = [
    { from: campus, to: other(1), inHours: 5, seats: 3, cost: 400, joined: 1, direction: 'fromCollege' },
    { from: other(2), to: campus, inHours: 20, seats: 4, cost: 1800, joined: 2, direction: 'toCollege' },
    { from: campus, to: other(3), inHours: 30, seats: 2, cost: null, joined: 2, direction: 'fromCollege' },
    { from: other(0), to: campus, inHours: 52, seats: 3, cost: 90, joined: 0, direction: 'toCollege' },
    { from: campus, to: other(2), inHours: 75, seats: 6, cost: 1200, joined: 1, direction: 'fromCollege' },
    { from: campus, to: 'Murthal', inHours: 100, seats: 3, cost: 300, joined: 0, direction: 'other' },
  ] as const;
  await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .insert(rides)
      .values(
        plan.map((p, i) => ({
          userId: s[i % s.length]!.id,
          pickupLocation: p.from,
          dropLocation: p.to,
          departureAt: new Date(Math.ceil((now + p.inHours * HOUR) / (15 * 60_000)) * 15 * 60_000),
          totalSeats: p.seats,
          availableSeats: p.seats - Math.min(p.joined, s.length - 1),
          estimatedCost: p.cost,
          description: i === 1 ? 'Flight lands at 14:10; happy to wait 30 minutes.' : '',
          phoneNumber: `98765${String(10000 + i * 1111).slice(0, 5)}`,
          direction: p.direction,
        })),
      )
      .returning({ id: rides.id, userId: rides.userId });
    const joins = rows.flatMap((r, i) =>
      s
        .filter((u) => u.id !== r.userId)
        .slice(0, plan[i]!.joined)
        .map((u) => ({ rideId: r.id, userId: u.id })),
    );
    if (joins.length) await tx.insert(rideParticipants).values(joins);
  });
}
