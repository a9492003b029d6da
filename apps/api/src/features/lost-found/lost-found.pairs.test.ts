/**
 * Lost ↔ found pairing through HTTP on a real database (docs/alerts.md "Lost and found"): twenty
 * realistic pairs, ten that are the same thing and ten that are not (another item with a shared
 * word, the same item found before it was lost, another category), fix the precision of the rule —
 * same category, found on or after the lost day minus one, `pg_trgm` word similarity of the names
 * within the other report, the place as a boost. Then the finder's count and closing a pair.
 */
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alertOutbox } from '../../db/schema/alerts.ts';
import { testWorldHooks, type SignedIn } from '../../test/helpers.ts';

interface Report {
  name: string;
  description: string;
  place: string;
  category: string;
  date: string;
}
interface Pair {
  lost: Report;
  found: Report;
  same: boolean;
  why: string;
}

const r = (name: string, description: string, place: string, category: string, date: string): Report => ({
  name,
  description,
  place,
  category,
  date,
});

/** The table: expected match (`same`) or not, and why. */
const PAIRS: Pair[] = [
  {
    same: true,
    why: 'the bottle of the journey: two of three words shared, nothing more said',
    lost: r('Blue water bottle', '', 'Library', 'Accessories', '2026-11-24'),
    found: r('blue steel bottle', 'Found near the library entrance', 'Library', 'Accessories', '2026-11-25'),
  },
  {
    same: true,
    why: 'words in another order',
    lost: r('Black wallet', 'Leather, has my ID card inside', 'Canteen', 'Wallets/Purses', '2026-11-20'),
    found: r('Wallet (black leather)', 'Found under a table', 'Main canteen', 'Wallets/Purses', '2026-11-20'),
  },
  {
    same: true,
    why: 'brand in the description',
    lost: r('HP laptop charger', '65W with a blue tip', 'Lab 3', 'Electronics', '2026-11-18'),
    found: r('Laptop charger', 'HP 65 W adapter left plugged in', 'Computer Lab 3', 'Electronics', '2026-11-19'),
  },
  {
    same: true,
    why: 'a shorter name',
    lost: r('Casio calculator fx-991EX', 'Roll number scratched on the back', 'Exam hall', 'Electronics', '2026-11-10'),
    found: r('Calculator', 'Casio scientific calculator', 'Lecture hall complex', 'Electronics', '2026-11-11'),
  },
  {
    same: true,
    why: 'keys and keychain, same hostel',
    lost: r('Room keys', 'Three keys on a red keychain', 'Hostel B', 'Keys', '2026-11-02'),
    found: r('Keychain with 3 keys', 'Red keychain', 'Hostel B mess', 'Keys', '2026-11-03'),
  },
  {
    same: true,
    why: 'an ID card with the owner named',
    lost: r('Student ID card', 'Name Priya Sharma, CSE', 'Library', 'Cards', '2026-11-05'),
    found: r('ID card', 'Priya S., CSE batch', 'Library reading room', 'Cards', '2026-11-06'),
  },
  {
    same: true,
    why: 'found two days later',
    lost: r('Boat earphones', 'White earbuds in a charging case', 'Gym', 'Electronics', '2026-11-12'),
    found: r('White earphones', 'Earbuds in a case', 'Gym', 'Electronics', '2026-11-14'),
  },
  {
    same: true,
    why: 'brand as the name',
    lost: r('Grey hoodie', 'Nike, size M', 'Football ground', 'Clothing', '2026-11-08'),
    found: r('Nike hoodie', 'Grey, medium', 'Sports ground', 'Clothing', '2026-11-09'),
  },
  {
    same: true,
    why: 'the subject in the description',
    lost: r('Physics notes', 'Blue spiral notebook', 'LHC 101', 'Books/Notes', '2026-11-15'),
    found: r('Spiral notebook', 'Physics notes inside, blue cover', 'LHC', 'Books/Notes', '2026-11-15'),
  },
  {
    same: true,
    why: 'found the day before it was reported lost (one day of slack)',
    lost: r('Umbrella', 'Black folding umbrella', 'Admin block', 'Other', '2026-11-21'),
    found: r('Black umbrella', 'Folding', 'Admin block entrance', 'Other', '2026-11-20'),
  },
  {
    same: false,
    why: 'another blue thing at the same place',
    lost: r('Blue water bottle', 'Milton steel bottle with a sticker', 'Library', 'Accessories', '2026-11-24'),
    found: r('Blue umbrella', 'Found at the library door', 'Library', 'Accessories', '2026-11-25'),
  },
  {
    same: false,
    why: 'found ten days before it was lost',
    lost: r('Black wallet', 'Leather, has my ID card inside', 'Canteen', 'Wallets/Purses', '2026-11-20'),
    found: r('Black wallet', 'Leather', 'Canteen', 'Wallets/Purses', '2026-11-10'),
  },
  {
    same: false,
    why: 'another device in the same lab',
    lost: r('HP laptop charger', '65W with a blue tip', 'Lab 3', 'Electronics', '2026-11-18'),
    found: r('Mouse', 'Logitech wireless mouse', 'Lab 3', 'Electronics', '2026-11-18'),
  },
  {
    same: false,
    why: 'same brand, another category',
    lost: r('Casio calculator', 'fx-991EX', 'Exam hall', 'Electronics', '2026-11-10'),
    found: r('Casio watch', 'Black digital watch', 'Exam hall', 'Accessories', '2026-11-10'),
  },
  {
    same: false,
    why: 'a bike key is not room keys',
    lost: r('Room keys', 'Three keys on a red keychain', 'Hostel B', 'Keys', '2026-11-02'),
    found: r('Bike key', 'Honda key with a black tag', 'Parking', 'Keys', '2026-11-03'),
  },
  {
    same: false,
    why: 'an ATM card is not an ID card',
    lost: r('Student ID card', 'Name Priya Sharma, CSE', 'Library', 'Cards', '2026-11-05'),
    found: r('ATM card', 'SBI debit card', 'Canteen', 'Cards', '2026-11-06'),
  },
  {
    same: false,
    why: 'another garment on the same ground',
    lost: r('Grey hoodie', 'Nike, size M', 'Football ground', 'Clothing', '2026-11-08'),
    found: r('Red jacket', 'Puma windcheater', 'Football ground', 'Clothing', '2026-11-09'),
  },
  {
    same: false,
    why: 'another subject in the same room',
    lost: r('Physics notes', 'Blue spiral notebook', 'LHC 101', 'Books/Notes', '2026-11-15'),
    found: r('Chemistry textbook', 'Organic chemistry, Morrison Boyd', 'LHC 101', 'Books/Notes', '2026-11-16'),
  },
  {
    same: false,
    why: 'found two days before it was lost',
    lost: r('Black umbrella', 'Folding', 'Admin block', 'Other', '2026-11-21'),
    found: r('Black umbrella', 'Folding', 'Admin block', 'Other', '2026-11-19'),
  },
  {
    same: false,
    why: 'sunglasses are not spectacles',
    lost: r('Spectacles', 'Black frame glasses in a brown case', 'Library', 'Accessories', '2026-11-05'),
    found: r('Sunglasses', 'Ray-Ban aviators', 'Parking', 'Accessories', '2026-11-06'),
  },
];

const losers = PAIRS.map((_, i) => `loser${i}`);
const finders = PAIRS.map((_, i) => `finder${i}`);
const flooded = ['floodLoser', 'loserA', 'loserB', 'loserC', 'loserD', 'loserE', 'loserF'];
const { t, users, as, notificationsOf } = testWorldHooks([
  ...losers,
  ...finders,
  ...flooded,
  'finder',
  'bystander',
  'flooder',
  'spreader',
]);
const BASE = '/api/lost-and-found/lost-items';

/** Reports `report` as `who` (lost or found); returns its id. */
async function post(who: SignedIn, report: Report, isFound: boolean): Promise<string> {
  const res = await as(who).post(BASE, {
    item_name: report.name,
    description: report.description,
    location_found: report.place,
    category: report.category,
    date_found: report.date,
    is_found: isFound,
    owner_contact: '9123456780',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

async function settled(): Promise<void> {
  await expect
    .poll(async () => (await t.database.db.select({ n: count() }).from(alertOutbox))[0]!.n, { timeout: 10_000 })
    .toBe(0);
}

describe('lost ↔ found pairing', () => {
  const made: Array<{ lostId: string; foundId: string }> = [];

  it('tells the loser exactly for the ten pairs that are the same thing, whichever is reported first', async () => {
    for (const [i, pair] of PAIRS.entries()) {
      const loser = users[`loser${i}`]!;
      // Odd pairs: the find is reported first; even pairs: the loss.
      const [lostId, foundId] =
        i % 2
          ? [undefined, await post(users[`finder${i}`]!, pair.found, true)]
          : [await post(loser, pair.lost, false), undefined];
      made[i] = {
        lostId: lostId ?? (await post(loser, pair.lost, false)),
        foundId: foundId ?? (await post(users[`finder${i}`]!, pair.found, true)),
      };
    }
    await settled();
    const outcome = await Promise.all(
      PAIRS.map(async (pair, i) => {
        const told = (await notificationsOf(users[`loser${i}`]!)).filter(
          (n) => n.link === `/lost-found/${made[i]!.foundId}`,
        );
        return { pair: i + 1, why: pair.why, told: told.length };
      }),
    );
    expect(outcome).toEqual(PAIRS.map((pair, i) => ({ pair: i + 1, why: pair.why, told: pair.same ? 1 : 0 })));
  });

  it('words the notice as a person would', async () => {
    const [told] = (await notificationsOf(users.loser0!)).filter((n) => n.link === `/lost-found/${made[0]!.foundId}`);
    expect(told!.message).toBe('A blue steel bottle was found at Library on 25 Nov — is it yours?');
    expect(told!.type).toBe('alert');
  });

  it('shows the finder how many open lost reports may match, not whose; returning either closes the pair', async () => {
    const found = `${BASE}/${made[0]!.foundId}`;
    const mine = (await as(users.finder0!).get(found)).json().data;
    expect(mine.possible_matches).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(mine)).not.toContain(users.loser0!.userId);
    expect((await as(users.bystander!).get(found)).json().data).not.toHaveProperty('possible_matches');

    const before = mine.possible_matches as number;
    const back = await as(users.loser0!).put(`${BASE}/${made[0]!.lostId}`, { is_returned: true });
    expect(back.statusCode, back.body).toBe(200);
    expect((await as(users.finder0!).get(found)).json().data.possible_matches).toBe(before - 1);

    const returned = await as(users.finder0!).put(found, { is_returned: true });
    expect(returned.statusCode).toBe(200);
    expect((await as(users.finder0!).get(found)).json().data).not.toHaveProperty('possible_matches');
  });
});

describe('"is it yours?" notices, capped', () => {
  const bottle = (date: string) => r('Green water bottle', 'Steel, dented', 'Sports complex', 'Accessories', date);
  const isNotice = (n: { message: string }) => /was found at .+ — is it yours\?$/.test(n.message);

  it('one lost report gets at most 3 a day, however many matching finds one student posts', async () => {
    await post(users.floodLoser!, bottle('2026-11-20'), false);
    for (let i = 0; i < 15; i += 1) await post(users.flooder!, bottle('2026-11-21'), true);
    await settled();
    expect((await notificationsOf(users.floodLoser!)).filter(isNotice)).toHaveLength(3);
  });

  it('one finder causes at most 5 a day, whoever the losers are', async () => {
    const six = ['loserA', 'loserB', 'loserC', 'loserD', 'loserE', 'loserF'] as const;
    for (const name of six)
      await post(
        users[name]!,
        r('Orange umbrella', 'Folding, wooden handle', 'Hostel C', 'Other', '2026-11-22'),
        false,
      );
    for (let i = 0; i < 2; i += 1)
      await post(users.spreader!, r('Orange umbrella', 'Folding', 'Hostel C', 'Other', '2026-11-23'), true);
    await settled();
    let told = 0;
    for (const name of six) told += (await notificationsOf(users[name]!)).filter(isNotice).length;
    expect(told).toBe(5);
  });
});
