import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from './scroll-to-top';

afterEach(() => vi.restoreAllMocks());

describe('ScrollToTop', () => {
  it('leaves the scroll position alone when the page first renders (hydration), and scrolls up on a route change', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    let navigate: NavigateFunction = () => undefined;
    function Navigator() {
      navigate = useNavigate();
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/marketplace']}>
        <ScrollToTop />
        <Navigator />
      </MemoryRouter>,
    );
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => void navigate('/rides'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    act(() => void navigate('/rides?page=2'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
