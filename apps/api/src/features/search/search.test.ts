/**
 * Campus-wide search through HTTP on a real database: each
 * group finds by an exact word, a prefix and a typo; the same visibility as each feature's list (a
 * sold, expired, returned or departed record, or one of a deactivated owner, never appears; another
 * student's records do); skills show the teacher's name, branch and semester, never the e-mail, and
 * never the viewer; `type` narrows and `limit` caps each group; relevance puts full-text matches
 * first; a count stops at SEARCH_COUNT_CAP (`totalCapped`), and typos are looked for only when full text
 * finds fewer than FUZZY_BELOW; snippets mark the match as plain parts; 400 with
 * the contract's messages; 401 for a guest.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { LOST_FOUND_CATEGORIES } from '@campus/contract/lost-found';
import { ITEM_CONDITIONS, MARKETPLACE_CATEGORIES } from '@campus/contract/marketplace';
import {
  SEARCH_COUNT_CAP,
  SEARCH_MESSAGES as S,
  SEARCH_TYPES,
  type SearchData,
  type SearchGroup,
} from '@campus/contract/search';
import { lostFoundItems } from '../../db/schema/lost-found.ts';
import { marketplaceItems } from '../../db/schema/marketplace.ts';
import { places } from '../../db/schema/places.ts';
import { rides } from '../../db/schema/rides.ts';
import { users } from '../../db/schema/users.ts';
import { testWorldHooks, type SignedIn } from '../../test/helpers.ts';
import { DENSE_MATCHES, FUZZY_BELOW } from './search.queries.ts';
import { PROBE_INPUTS } from './search.probe.ts';
import { markedSnippet } from './search.snippet.ts';

const {
  t,
  users: people,
  as,
} = testWorldHooks(['me', 'other', 'gone'], {
  SEARCH_PER_USER_PER_MINUTE: '100000',
  SEARCH_PER_ADDRESS_PER_MINUTE: '100000',
});
const { me, other, gone } = people;

const DAY = 86_400_000;
const ids: Record<string, string> = {};

/** Inserts a marketplace listing of `who` (a state the API may refuse to create: sold, expired). */
async function listing(key: string, who: SignedIn, itemName: string, description: string, extra = {}) {
  const [row] = await t.database.db
    .insert(marketplaceItems)
    .values({
      userId: who.userId,
      itemName,
      description,
      price: 500,
      category: MARKETPLACE_CATEGORIES[0],
      itemCondition: ITEM_CONDITIONS[0],
      ownerContact: '9812345678',
      expiresAt: new Date(Date.now() + 30 * DAY),
      ...extra,
    })
    .returning({ id: marketplaceItems.id });
  ids[key] = row!.id;
}

async function lostItem(key: string, who: SignedIn, itemName: string, description: string, place: string, extra = {}) {
  const [row] = await t.database.db
    .insert(lostFoundItems)
    .values({
      userId: who.userId,
      itemName,
      description,
      locationFound: place,
      category: LOST_FOUND_CATEGORIES[0],
      dateFound: '2026-11-20',
      ...extra,
    })
    .returning({ id: lostFoundItems.id });
  ids[key] = row!.id;
}

async function ride(key: string, who: SignedIn, pickup: string, drop: string, description: string, inDays = 2) {
  const [row] = await t.database.db
    .insert(rides)
    .values({
      userId: who.userId,
      pickupLocation: pickup,
      dropLocation: drop,
      description,
      departureAt: new Date(Date.now() + inDays * DAY),
      totalSeats: 3,
      availableSeats: 3,
      phoneNumber: '9812345678',
    })
    .returning({ id: rides.id });
  ids[key] = row!.id;
}

async function teaches(who: SignedIn, skillName: string) {
  const res = await as(who).post('/api/skill-exchange/add-skill', { skillName, type: 'teach' });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  const db = t.database.db;
  await db
    .update(users)
    .set({ name: 'Riya Sharma', branch: 'CSE', semester: 'Fifth' })
    .where(eq(users.id, other.userId));
  await db.update(users).set({ name: 'Me Myself' }).where(eq(users.id, me.userId));
  await db.update(users).set({ name: 'Gone Student' }).where(eq(users.id, gone.userId));

  await listing('calculator', other, 'Casio scientific calculator', 'fx-991EX, barely used, with its cover');
  await listing('cover', other, 'Phone cover', 'Fits a calculator too');
  await listing('mZephyr', other, 'Zephyr kettle', 'Electric, 1.5 litre');
  await listing('zephyrSold', other, 'Zephyr kettle sold', 'Electric', { isSold: true });
  await listing('zephyrExpired', other, 'Zephyr kettle expired', 'Electric', { expiresAt: new Date(Date.now() - DAY) });
  await listing('zephyrGone', gone, 'Zephyr kettle of a deactivated owner', 'Electric');
  for (const n of [1, 2, 3]) await listing(`nimbus${n}`, other, `Nimbus chair ${n}`, 'Plastic');

  await lostItem('bottle', other, 'Blue Milton water bottle', 'Has a rocket sticker on it', 'Library reading room');
  await lostItem('lZephyr', other, 'Zephyr umbrella', 'Black', 'Mess hall');
  await lostItem('zephyrReturned', other, 'Zephyr umbrella returned', 'Black', 'Mess hall', { isReturned: true });
  await lostItem('zephyrGone', gone, 'Zephyr umbrella of a deactivated owner', 'Black', 'Mess hall');

  await ride('station', other, 'Sonipat Railway Station', 'Campus main gate', 'After the evening train');
  await ride('rZephyr', other, 'Zephyr junction', 'Campus', 'Morning');
  await ride('zephyrPast', other, 'Zephyr junction departed', 'Campus', 'Morning', -1);
  await ride('zephyrGone', gone, 'Zephyr junction of a deactivated owner', 'Campus', 'Morning');

  // Places as the directory saves them: `search_text` is the name and aliases in lower case.
  const place = { lat: 28.9441, lng: 77.1012, description: 'Ten lecture halls' };
  const [lhc] = await db
    .insert(places)
    .values([
      {
        ...place,
        slug: 'lecture-hall-complex',
        name: 'Lecture Hall Complex',
        category: 'academic',
        aliases: ['LHC', 'Lecture Halls'],
        searchText: 'lecture hall complex lhc lecture halls',
      },
      { ...place, slug: 'main-gate', name: 'Main Gate', category: 'gate', searchText: 'main gate' },
    ])
    .returning({ id: places.id });
  ids.lhc = lhc!.id;

  await teaches(other, 'Python');
  await teaches(other, 'JavaScript');
  await teaches(me, 'Python');
  await teaches(gone, 'Python');

  await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.userId));
});

/** GET /api/search as `who` (default: me) with `query`; expects 200 and returns `data`. */
async function search(query: Record<string, string>, who: SignedIn = me): Promise<SearchData> {
  const res = await as(who).get(`/api/search?${new URLSearchParams(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const groupOf = (data: SearchData, type: SearchGroup['type']) => data.groups.find((g) => g.type === type)!;
/** The ids of `type`'s hits for `q`. */
const hitIds = async (q: string, type: SearchGroup['type']) =>
  groupOf(await search({ q, type }), type).items.map((i) => i.id);

describe('each group finds by an exact word, a prefix and a typo', () => {
  it.each([
    ['marketplace', 'calculator', ['calculator', 'calc', 'calculater', 'Casio']],
    ['lost-found', 'bottle', ['bottle', 'milt', 'botle', 'reading room', 'rocket']],
    ['rides', 'station', ['railway', 'rail', 'railwy', 'sonipat stn', 'evening train']],
  ] as const)('%s', async (type, key, queries) => {
    for (const q of queries) expect(await hitIds(q, type), q).toContain(ids[key]);
  });

  it('skills: people who teach a matching skill (exact, prefix, typo, alias)', async () => {
    for (const q of ['python', 'pyth', 'pythn']) {
      const g = groupOf(await search({ q, type: 'skills' }), 'skills');
      expect(
        g.items.map((i) => i.title),
        q,
      ).toEqual(['Riya Sharma']);
      expect(g.items[0]!.link).toBe('/skill-exchange?skill=Python');
    }
    const js = groupOf(await search({ q: 'js', type: 'skills' }), 'skills');
    expect(js.items.map((i) => i.link)).toEqual(['/skill-exchange?skill=JavaScript']);
  });

  it('places: by name or alias (exact, prefix, typo), opened on the campus map', async () => {
    for (const q of ['LHC', 'lhc', 'lecture hall', 'lectur', 'lecure hall complex', 'complx']) {
      const g = groupOf(await search({ q, type: 'places' }), 'places');
      expect(
        g.items.map((i) => i.title),
        q,
      ).toEqual(['Lecture Hall Complex']);
    }
    const lhc = groupOf(await search({ q: 'LHC' }), 'places');
    expect(lhc).toEqual({
      type: 'places',
      total: 1,
      items: [
        {
          id: ids.lhc,
          title: 'Lecture Hall Complex',
          snippet: [
            { text: 'Academic · Also called ', match: false },
            { text: 'LHC', match: true },
            { text: ', Lecture Halls', match: false },
          ],
          link: '/map/lecture-hall-complex',
        },
      ],
    });
    const gate = groupOf(await search({ q: 'main gate', type: 'places' }), 'places');
    expect(gate.items.map((i) => [i.title, i.snippet, i.link])).toEqual([
      ['Main Gate', [{ text: 'Gate', match: false }], '/map/main-gate'],
    ]);
  });

  it('answers every group in order, each hit with its deep link', async () => {
    const data = await search({ q: 'zephyr' });
    expect(data.q).toBe('zephyr');
    expect(data.groups.map((g) => g.type)).toEqual([...SEARCH_TYPES]);
    expect(groupOf(data, 'marketplace').items.map((i) => i.link)).toEqual([`/marketplace/${ids.mZephyr}`]);
    expect(groupOf(data, 'lost-found').items.map((i) => i.link)).toEqual([`/lost-found/${ids.lZephyr}`]);
    expect(groupOf(data, 'rides').items.map((i) => i.link)).toEqual([`/rides/${ids.rZephyr}`]);
    expect(groupOf(data, 'rides').items[0]!.title).toBe('Zephyr junction → Campus');
    expect(groupOf(data, 'skills')).toEqual({ type: 'skills', total: 0, items: [] });
  });

  it('trims the query and answers it trimmed', async () => {
    expect((await search({ q: '  zephyr  ', type: 'rides' })).q).toBe('zephyr');
  });
});

describe('visibility: the same as each feature list', () => {
  it('never shows a sold, expired, returned or departed record, nor one of a deactivated owner', async () => {
    const data = await search({ q: 'zephyr' });
    for (const [type, key] of [
      ['marketplace', 'mZephyr'],
      ['lost-found', 'lZephyr'],
      ['rides', 'rZephyr'],
    ] as const) {
      const g = groupOf(data, type);
      expect(g.total, type).toBe(1);
      expect(g.items.map((i) => i.id)).toEqual([ids[key]]);
    }
  });

  it("shows another student's records to me and my own to the other", async () => {
    await listing('mine', me, 'Quasar telescope', 'Small, with a tripod');
    expect(await hitIds('quasar', 'marketplace')).toEqual([ids.mine]);
    expect(groupOf(await search({ q: 'quasar' }, other), 'marketplace').items.map((i) => i.id)).toEqual([ids.mine]);
  });

  it('skills: never the viewer, never a deactivated student, never an e-mail', async () => {
    const res = await as(me).get('/api/search?q=python');
    expect(res.statusCode).toBe(200);
    const g = groupOf(res.json().data, 'skills');
    expect(g.total).toBe(1);
    expect(g.items[0]!.title).toBe('Riya Sharma');
    expect(g.items[0]!.snippet).toEqual([
      { text: 'Teaches ', match: false },
      { text: 'Python', match: true },
      { text: ' · CSE · Fifth semester', match: false },
    ]);
    for (const u of [me, other, gone]) expect(res.body).not.toContain(u.email);
    expect(res.body).not.toContain('@');
    // The other student sees me (and not themself).
    const theirs = groupOf(await search({ q: 'python', type: 'skills' }, other), 'skills');
    expect(theirs.items.map((i) => i.title)).toEqual(['Me Myself']);
  });
});

describe('type, limit and relevance', () => {
  it('type narrows to one group', async () => {
    for (const type of SEARCH_TYPES) {
      const data = await search({ q: 'zephyr', type });
      expect(data.groups.map((g) => g.type)).toEqual([type]);
    }
  });

  it('answers each group the same whether searched alone (type) or with the others (one statement)', async () => {
    for (const q of ['calc', 'calculater', 'nimbus', 'python', 'sonipat stn']) {
      const together = await search({ q, limit: '20' });
      for (const type of SEARCH_TYPES) {
        const alone = groupOf(await search({ q, type, limit: '20' }), type);
        expect(groupOf(together, type), `${q} ${type}`).toEqual(alone);
      }
    }
  });

  it('limit caps each group; total counts every match', async () => {
    const g = groupOf(await search({ q: 'nimbus', limit: '2' }), 'marketplace');
    expect(g.items).toHaveLength(2);
    expect(g.total).toBe(3);
    const all = groupOf(await search({ q: 'nimbus' }), 'marketplace');
    expect(all.items).toHaveLength(3);
  });

  it('puts full-text matches before trigram-only ones', async () => {
    await listing('typo', other, 'Calculater charger', 'A typo in the name');
    const found = await hitIds('calculator', 'marketplace');
    expect(found).toContain(ids.typo);
    expect(found.indexOf(ids.typo!)).toBeGreaterThan(found.indexOf(ids.calculator!));
    expect(found.indexOf(ids.typo!)).toBeGreaterThan(found.indexOf(ids.cover!));
    // The name weighs more than the description.
    expect(found.indexOf(ids.calculator!)).toBeLessThan(found.indexOf(ids.cover!));
  });
});

describe('bounded cost: counts stop at SEARCH_COUNT_CAP, typo matching only when full text finds few', () => {
  /** Inserts `n` listings of `other` named `name #1` … `name #n` (in SQL: cheap on both databases). */
  async function manyListings(name: string, n: number) {
    await t.database.db.execute(sql`
      INSERT INTO marketplace_items (id, user_id, item_name, price, category, description, item_condition, owner_contact, expires_at, created_at)
      SELECT gen_random_uuid(), ${other.userId}, ${name} || ' #' || g, 100, ${MARKETPLACE_CATEGORIES[0]}, 'Seeded', ${ITEM_CONDITIONS[0]},
             '9812345678', now() + interval '30 days', now() - g * interval '1 minute'
      FROM generate_series(1, ${n}) AS g`);
  }

  beforeAll(async () => {
    await manyListings('Harmonium', SEARCH_COUNT_CAP + 5);
    await manyListings('Dholak', SEARCH_COUNT_CAP);
    await manyListings('Tanpura', FUZZY_BELOW);
    await listing('tanpuraTypo', other, 'Tanpurra cover', 'Padded');
  });

  it('answers SEARCH_COUNT_CAP with totalCapped beyond the cap, for full-text and for typo matches', async () => {
    for (const q of ['harmonium', 'harmonum']) {
      const g = groupOf(await search({ q, type: 'marketplace', limit: '20' }), 'marketplace');
      expect(g.total, q).toBe(SEARCH_COUNT_CAP);
      expect(g.totalCapped, q).toBe(true);
      expect(g.items, q).toHaveLength(20);
      for (const hit of g.items) expect(hit.title, q).toMatch(/^Harmonium #\d+$/);
    }
  });

  it('counts exactly up to the cap: SEARCH_COUNT_CAP matches are not capped', async () => {
    const g = groupOf(await search({ q: 'dholak', type: 'marketplace' }), 'marketplace');
    expect(g.total).toBe(SEARCH_COUNT_CAP);
    expect(g).not.toHaveProperty('totalCapped');
    // Newest first among equally ranked matches.
    expect(g.items.map((i) => i.title)).toEqual(['Dholak #1', 'Dholak #2', 'Dholak #3', 'Dholak #4', 'Dholak #5']);
  });

  it('a word in many rows: the best of its newest matches, read newest first (docs/performance.md "Search")', async () => {
    // An older listing that ranks higher (the word three times), stored first (the GIN index's
    // bitmap would read it among the first matches), is not among the newest matches.
    await listing('oldSitar', other, 'Sitar sitar sitar', 'Vintage', { createdAt: new Date(Date.now() - 400 * DAY) });
    await manyListings('Sitar', DENSE_MATCHES + 100);
    await t.database.db.execute(sql`ANALYZE marketplace_items`);
    const g = groupOf(await search({ q: 'sitar', type: 'marketplace' }), 'marketplace');
    expect(g.total).toBe(SEARCH_COUNT_CAP);
    expect(g.totalCapped).toBe(true);
    expect(g.items.map((i) => i.title)).toEqual(['Sitar #1', 'Sitar #2', 'Sitar #3', 'Sitar #4', 'Sitar #5']);
    // A typo of that common word: read as the word, newest first (not through the trigram index).
    const typo = groupOf(await search({ q: 'sitarr', type: 'marketplace' }), 'marketplace');
    expect(typo.totalCapped).toBe(true);
    expect(typo.items.map((i) => i.title)).toEqual(['Sitar #1', 'Sitar #2', 'Sitar #3', 'Sitar #4', 'Sitar #5']);
    // A word set that is not in many rows still finds every match through the GIN index.
    expect(await hitIds('vintage sitar', 'marketplace')).toEqual([ids.oldSitar]);
  });

  it(`looks for typos only when full text finds fewer than ${FUZZY_BELOW}, whatever the limit`, async () => {
    // FUZZY_BELOW full-text matches: the misspelt "Tanpurra cover" is neither counted nor shown.
    for (const limit of ['5', '20']) {
      const g = groupOf(await search({ q: 'tanpura', type: 'marketplace', limit }), 'marketplace');
      expect(g.total, limit).toBe(FUZZY_BELOW);
      expect(g.items.map((i) => i.id)).not.toContain(ids.tanpuraTypo);
    }
    // The other spelling: full text finds only the cover (fewer than FUZZY_BELOW), so trigrams add
    // every Tanpura after it.
    const typo = groupOf(await search({ q: 'tanpurra', type: 'marketplace', limit: '20' }), 'marketplace');
    expect(typo.total).toBe(FUZZY_BELOW + 1);
    expect(typo.items[0]!.id).toBe(ids.tanpuraTypo);
    expect(typo.items.slice(1).map((i) => i.title)).toEqual(Array.from({ length: 19 }, (_, i) => `Tanpura #${i + 1}`));
  });
});

describe('snippets mark the match as plain parts', () => {
  it('marks the matched word of the field it matched in', async () => {
    const [hit] = groupOf(await search({ q: 'calculator', type: 'marketplace' }), 'marketplace').items;
    expect(hit!.title).toBe('Casio scientific calculator');
    expect(hit!.snippet).toEqual([
      { text: 'Casio scientific ', match: false },
      { text: 'calculator', match: true },
    ]);
    const [item] = groupOf(await search({ q: 'rocket', type: 'lost-found' }), 'lost-found').items;
    expect(item!.snippet).toEqual([
      { text: 'Has a ', match: false },
      { text: 'rocket', match: true },
      { text: ' sticker on it', match: false },
    ]);
  });

  it('marks prefixes and typos; keeps markup as text; cuts long text around the match', () => {
    expect(markedSnippet('Casio calculator', 'calc')).toEqual([
      { text: 'Casio ', match: false },
      { text: 'calculator', match: true },
    ]);
    expect(markedSnippet('Casio calculator', 'calculater')[1]).toEqual({ text: 'calculator', match: true });
    expect(markedSnippet('<b>bold</b> kettle', 'kettle')).toEqual([
      { text: '<b>bold</b> ', match: false },
      { text: 'kettle', match: true },
    ]);
    const long = `${'word '.repeat(60)}kettle ${'tail '.repeat(60)}`;
    const parts = markedSnippet(long, 'kettle');
    const text = parts.map((p) => p.text).join('');
    expect(text.startsWith('…')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(162);
    expect(parts.filter((p) => p.match)).toEqual([{ text: 'kettle', match: true }]);
    expect(markedSnippet('', 'x')).toEqual([]);
  });
});

describe('input and access', () => {
  it.each([
    [{}, S.queryRequired],
    [{ q: '' }, S.queryRequired],
    [{ q: '   ' }, S.queryRequired],
    [{ q: 'x'.repeat(101) }, S.queryTooLong],
    [{ q: 'kettle', type: 'books' }, S.typeInvalid],
    [{ q: 'kettle', limit: '0' }, S.limitInvalid],
    [{ q: 'kettle', limit: '21' }, S.limitInvalid],
    [{ q: 'kettle', limit: '2.5' }, S.limitInvalid],
    [{ q: 'kettle', limit: 'many' }, S.limitInvalid],
  ])('400 for %j', async (query, message) => {
    const res = await as(me).get(`/api/search?${new URLSearchParams(query as Record<string, string>)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('accepts 100 characters and punctuation only', async () => {
    expect((await search({ q: 'x'.repeat(100) })).groups).toHaveLength(SEARCH_TYPES.length);
    const data = await search({ q: '!!! & | :*' });
    expect(data.groups.every((g) => Array.isArray(g.items))).toBe(true);
  });

  it.each(PROBE_INPUTS)('the probe input "$name" answers 200 with every group', async ({ q }) => {
    expect(q.length).toBeLessThanOrEqual(100);
    const data = await search({ q });
    expect(data.groups.map((g) => g.type)).toEqual([...SEARCH_TYPES]);
  });

  it('finds nothing for one-letter words, emoji or pattern characters (never "every row")', async () => {
    for (const q of ['a b c d e', '%', '_', '\\', '%_%', '😀']) {
      const data = await search({ q });
      expect(
        data.groups.map((g) => g.total),
        q,
      ).toEqual(SEARCH_TYPES.map(() => 0));
    }
  });

  it('normalises: full-width letters and repeated letters find the word', async () => {
    expect(await hitIds('ＣＡＬＣＵＬＡＴＯＲ', 'marketplace')).toContain(ids.calculator);
    expect(await hitIds('calculatooooor', 'marketplace')).toContain(ids.calculator);
  });

  it('401 for a guest', async () => {
    const res = await as().get('/api/search?q=kettle');
    expect(res.statusCode).toBe(401);
  });
});
