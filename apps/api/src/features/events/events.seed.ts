/**
 * Demo data of events and clubs (`src/seed.ts` calls it through the service): six clubs, each with
 * a student coordinator and followers, and fifteen events over the coming month with posters drawn
 * here (an SVG rendered by sharp and stored through the upload pipeline, like a photo).
 */
import type { ClubCategory } from '@campus/contract/events';
import { clubCoordinators, clubFollows, clubs, eventRsvps, events } from '../../db/schema/events.ts';
import { putFile } from '../../lib/blob-store.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { processUpload, type ProcessedFile } from '../../lib/images.ts';

const CLUBS: Array<{ slug: string; name: string; category: ClubCategory; description: string; colour: string }> = [
  {
    slug: 'coding-club',
    name: 'Coding Club',
    category: 'technical',
    description: 'Contests, hack nights and talks on building software.',
    colour: '#1d4ed8',
  },
  {
    slug: 'robotics',
    name: 'Robotics Society',
    category: 'technical',
    description: 'Bots, drones and the annual robo-race.',
    colour: '#0f766e',
  },
  {
    slug: 'dramatics',
    name: 'Dramatics Club',
    category: 'cultural',
    description: 'Street plays, stage nights and workshops.',
    colour: '#b91c1c',
  },
  {
    slug: 'music',
    name: 'Music Society',
    category: 'cultural',
    description: 'Jam sessions, open mics and the winter concert.',
    colour: '#7c3aed',
  },
  {
    slug: 'sports-council',
    name: 'Sports Council',
    category: 'sports',
    description: 'Inter-hostel leagues, runs and coaching camps.',
    colour: '#c2410c',
  },
  {
    slug: 'literary',
    name: 'Literary Society',
    category: 'academic',
    description: 'Debates, quizzes and a reading circle.',
    colour: '#4d7c0f',
  },
];

/** [club index, title, venue, days ahead, start hour, hours long, capacity]. */
const EVENTS: Array<[number, string, string, number, number, number, number | null]> = [
  [0, 'Competitive Programming Contest', 'Computer Lab 2', 0, 18, 3, 60],
  [1, 'Line-Follower Bot Workshop', 'Workshop Hall', 1, 16, 2, 40],
  [2, 'Street Play: Paper Boats', 'Main Lawn', 2, 17, 1, null],
  [3, 'Open Mic Night', 'Amphitheatre', 3, 19, 3, null],
  [4, 'Inter-Hostel Football Final', 'Sports Ground', 4, 16, 2, null],
  [5, 'Parliamentary Debate', 'Seminar Room 1', 5, 15, 2, 50],
  [0, 'Intro to Git and GitHub', 'Lecture Hall 3', 7, 17, 2, 120],
  [1, 'Drone Flying Demo', 'Sports Ground', 9, 10, 2, null],
  [3, 'Guitar Basics', 'Music Room', 10, 18, 1, 20],
  [5, 'General Quiz', 'Auditorium', 12, 16, 2, null],
  [4, 'Campus 5K Run', 'Main Gate', 14, 6, 2, 200],
  [2, 'Improv Workshop', 'Seminar Room 2', 17, 17, 2, 30],
  [0, 'Hack Night: Build a Bot', 'Innovation Lab', 21, 20, 8, 80],
  [3, 'Winter Concert', 'Auditorium', 25, 18, 3, 400],
  [5, 'Reading Circle: Short Stories', 'Library Lounge', 28, 17, 1, 25],
];

/** A poster: the club's colour, the title and the club's name, 600×800 PNG. */
async function poster(title: string, club: string, colour: string): Promise<Buffer> {
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">
  <rect width="600" height="800" fill="${colour}"/>
  <circle cx="480" cy="160" r="220" fill="#ffffff" fill-opacity="0.12"/>
  <circle cx="80" cy="700" r="160" fill="#000000" fill-opacity="0.15"/>
  <text x="40" y="420" font-family="sans-serif" font-size="44" font-weight="700" fill="#ffffff">${esc(title.slice(0, 22))}</text>
  <text x="40" y="475" font-family="sans-serif" font-size="44" font-weight="700" fill="#ffffff">${esc(title.slice(22, 44))}</text>
  <text x="40" y="560" font-family="sans-serif" font-size="28" fill="#ffffff" fill-opacity="0.85">${esc(club)}</text>
</svg>`;
  // Imported here: a start without the demo data does not load sharp (docs/performance.md).
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Demo clubs and events: the first student coordinates the first three clubs, the second the
 * others; students follow a few clubs and answer some events. Times are whole hours in the
 * institute's zone (UTC+05:30 assumed for the demo's round hours).
 */
export async function seedEventsDemo(
  ctx: ServiceContext,
  demo: { admin: { id: string }; students: { id: string }[] },
): Promise<void> {
  const s = demo.students;
  if (!s.length) return;
  // One at a time: the image queue is fair per uploader (lib/images.ts).
  const posters: ProcessedFile[] = [];
  for (const [c, title] of EVENTS)
    posters.push(await processUpload(await poster(title, CLUBS[c]!.name, CLUBS[c]!.colour), { owner: demo.admin.id }));
  await ctx.db.transaction(async (tx) => {
    const made = await tx
      .insert(clubs)
      .values(CLUBS.map(({ colour: _colour, ...c }) => c))
      .returning({ id: clubs.id });
    const coordinatorOf = (c: number) => s[c < 3 ? 0 : Math.min(1, s.length - 1)]!.id;
    await tx.insert(clubCoordinators).values(made.map((c, i) => ({ clubId: c.id, userId: coordinatorOf(i) })));
    await tx
      .insert(clubFollows)
      .values(s.flatMap((u, i) => [made[i % 6]!, made[(i + 2) % 6]!].map((c) => ({ clubId: c.id, userId: u.id }))))
      .onConflictDoNothing();
    const today = new Date();
    today.setUTCHours(0, 0, 0, 0);
    const rows = [];
    for (const [i, [c, title, venue, days, hour, hours, capacity]] of EVENTS.entries()) {
      const startsAt = new Date(today.getTime() + days * 86_400_000 + (hour * 60 - 330) * 60_000);
      if (startsAt.getTime() < Date.now()) startsAt.setTime(startsAt.getTime() + 86_400_000);
      rows.push({
        userId: coordinatorOf(c),
        imageFileId: await putFile(tx, coordinatorOf(c), posters[i]!),
        clubId: made[c]!.id,
        title,
        venue,
        startsAt,
        endsAt: new Date(startsAt.getTime() + hours * 3_600_000),
        description: `${title}, hosted by the ${CLUBS[c]!.name}. ${CLUBS[c]!.description} Everyone is welcome.`,
        registrationUrl: capacity ? `https://forms.example.org/${CLUBS[c]!.slug}-${i + 1}` : null,
        capacity,
        goingCount: i < 6 ? Math.min(s.length, 2) : 0,
      });
    }
    const inserted = await tx.insert(events).values(rows).returning({ id: events.id });
    const answers = inserted
      .slice(0, 6)
      .flatMap((e) => s.slice(0, 2).map((u) => ({ eventId: e.id, userId: u.id, status: 'going' as const })));
    if (answers.length) await tx.insert(eventRsvps).values(answers);
  });
}
