/** The admin user search and sort rules of docs/product-spec.md §5. */
import { describe, expect, it } from 'vitest';
import { compareUsers, filterAndSortUsers, matchesUserSearch, type SortableUser } from './user-filters';

const users: SortableUser[] = [
  { id: 'a1b2-0001', name: 'Zoya Khan', email: 'zoya.20230001@iiitsonepat.ac.in', createdAt: '2026-03-02T10:00:00Z' },
  {
    id: 'c3d4-0002',
    name: 'aarav Mehta',
    email: 'aarav.20230002@iiitsonepat.ac.in',
    createdAt: '2026-03-05T10:00:00Z',
  },
  { id: 'e5f6-0003', name: null, email: 'quiet.20230003@iiitsonepat.ac.in', createdAt: '2026-03-01T10:00:00Z' },
  { id: 42, name: 'Élodie Roy', email: 'elodie.20230004@iiitsonepat.ac.in', createdAt: '2026-03-04T10:00:00Z' },
];
const ids = (list: SortableUser[]) => list.map((u) => u.id);

describe('admin user search (docs/product-spec.md §5)', () => {
  it('is case-insensitive and matches text contained in name, email or id', () => {
    expect(ids(filterAndSortUsers(users, 'KHAN', 'newest'))).toEqual(['a1b2-0001']);
    expect(ids(filterAndSortUsers(users, '20230003@IIIT', 'newest'))).toEqual(['e5f6-0003']);
    expect(ids(filterAndSortUsers(users, 'D4-00', 'newest'))).toEqual(['c3d4-0002']);
    expect(matchesUserSearch(users[3]!, '42')).toBe(true);
    expect(matchesUserSearch(users[0]!, 'nobody')).toBe(false);
  });

  it('shows everyone for an empty search', () => {
    expect(filterAndSortUsers(users, '', 'oldest')).toHaveLength(4);
    expect(filterAndSortUsers(users, '   ', 'oldest')).toHaveLength(4);
  });
});

describe('admin user sort (docs/product-spec.md §5)', () => {
  it('newest is createdAt descending, oldest ascending', () => {
    expect(ids([...users].sort(compareUsers('newest')))).toEqual(['c3d4-0002', 42, 'a1b2-0001', 'e5f6-0003']);
    expect(ids([...users].sort(compareUsers('oldest')))).toEqual(['e5f6-0003', 'a1b2-0001', 42, 'c3d4-0002']);
  });

  it('name uses locale comparison, a missing name counting as empty', () => {
    expect(filterAndSortUsers(users, '', 'name').map((u) => u.name)).toEqual([
      null,
      'aarav Mehta',
      'Élodie Roy',
      'Zoya Khan',
    ]);
  });
});
