import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from './scroll-to-top';

afterEach(() => vi.restoreAllMocks());

/** Renders {@link ScrollToTop} at `path`; returns the router's `navigate` and the `scrollTo` spy. */
function renderAt(path: string) {
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  let navigate: NavigateFunction = () => undefined;
  function Navigator() {
    navigate = useNavigate();
    return null;
  }
  render(
    <MemoryRouter initialEntries={[path]}>
      <ScrollToTop />
      <Navigator />
    </MemoryRouter>,
  );
  return { navigate: (to: string) => act(() => void navigate(to)), scrollTo };
}

describe('ScrollToTop', () => {
  it('leaves the scroll position alone when the page first renders (hydration), and scrolls up on a route change', () => {
    const { navigate, scrollTo } = renderAt('/marketplace');
    expect(scrollTo).not.toHaveBeenCalled();
    navigate('/rides');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    navigate('/rides?page=2');
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it("keeps the list's position when a record's dialog opens or closes over it, and scrolls up when leaving", () => {
    const { navigate, scrollTo } = renderAt('/marketplace?page=2');
    navigate('/marketplace/0b7c5b0e-2f6a-4c39-9a43-7c1d1f6b1a11?page=2');
    navigate('/marketplace?page=2');
    navigate('/lost-found/abc');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    navigate('/lost-found');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    navigate('/spotlight/a');
    navigate('/spotlight/b');
    expect(scrollTo).toHaveBeenCalledTimes(3);
  });
});
