import { describe, expect, it, vi } from 'vitest';
import { act, render, renderHook } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { useDebouncedParam, useUrlParams } from './url-params';

function setup(initial = '/marketplace') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[initial]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => {
      const url = useUrlParams();
      const [search, setSearch] = useDebouncedParam('search', url.params, url.update);
      return { ...url, search, setSearch, location: useLocation() };
    },
    { wrapper },
  );
}

describe('useUrlParams', () => {
  it('applies changes, drops empty values and goes back to page 1', () => {
    const { result } = setup('/marketplace?category=Books&page=3');
    act(() => result.current.update({ sort: 'oldest', category: '' }));
    expect(result.current.location.search).toBe('?sort=oldest');
    act(() => result.current.update({ page: '2' }));
    expect(result.current.location.search).toBe('?sort=oldest&page=2');
  });

  it('starts a write from the previous write even before React re-renders', () => {
    const { result } = setup('/marketplace?search=old');
    // Both writes in one tick, as when a debounced field fires right after a tab switch.
    act(() => {
      result.current.replaceAll({ view: 'mine' });
      result.current.update({ search: 'morrison' });
    });
    expect(new URLSearchParams(result.current.location.search).get('view')).toBe('mine');
    expect(new URLSearchParams(result.current.location.search).get('search')).toBe('morrison');
  });
});

describe('useDebouncedParam', () => {
  it('writes the typed text to the URL 400 ms after typing stops', () => {
    vi.useFakeTimers();
    try {
      const { result } = setup();
      act(() => result.current.setSearch('chem'));
      act(() => vi.advanceTimersByTime(399));
      expect(result.current.location.search).toBe('');
      act(() => vi.advanceTimersByTime(1));
      expect(result.current.location.search).toBe('?search=chem');
      expect(result.current.search).toBe('chem');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps text a field hands over at mount (typed before hydration), and follows later URL changes', () => {
    vi.useFakeTimers();
    try {
      /** A field that, like SearchField, hands typed text to its owner in its mount effect (a child's: it runs first). */
      function Field({ adopt }: { adopt: (typed: string) => void }) {
        useEffect(() => adopt('cycle'), [adopt]);
        return null;
      }
      const seen: { search?: string; location?: string; replaceAll?: (init: Record<string, string>) => void } = {};
      function Owner() {
        const url = useUrlParams();
        const [search, setSearch] = useDebouncedParam('search', url.params, url.update);
        Object.assign(seen, { search, location: useLocation().search, replaceAll: url.replaceAll });
        return <Field adopt={setSearch} />;
      }
      render(
        <MemoryRouter initialEntries={['/marketplace']}>
          <Owner />
        </MemoryRouter>,
      );
      expect(seen.search).toBe('cycle');
      act(() => vi.advanceTimersByTime(400));
      expect(seen.location).toBe('?search=cycle');
      act(() => seen.replaceAll!({ search: 'lamp' }));
      expect(seen.search).toBe('lamp');
    } finally {
      vi.useRealTimers();
    }
  });
});
