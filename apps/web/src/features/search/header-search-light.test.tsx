/**
 * The header search's light box, while the combobox's module has not loaded (here it never does):
 * Enter opens /search?q= with the typed text, as the combobox's Enter with no option active does,
 * and an empty box goes nowhere.
 */
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LocationProbe, makeUser, renderApp } from '../../test/render';
import HeaderSearch from './components/header-search';

// The combobox's module never arrives: the light box stays.
vi.mock('./components/search-combobox', () => new Promise(() => undefined));

function renderHeader() {
  return renderApp(
    <>
      <HeaderSearch />
      <Routes>
        <Route path="*" element={<LocationProbe name="page" />} />
      </Routes>
    </>,
    { auth: { status: 'authenticated', user: makeUser() } },
  );
}

describe('HeaderSearch before its combobox loads', () => {
  it('Enter in the light box opens /search?q= with the text', async () => {
    const user = userEvent.setup();
    renderHeader();
    const box = screen.getByRole('combobox', { name: 'Search' });
    expect(box).not.toHaveAttribute('data-headlessui-state');
    expect(box.closest('form')).toHaveAttribute('action', '/search');
    expect(box).toHaveAttribute('name', 'q');
    await user.keyboard('{Enter}');
    await user.click(box);
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/$/);
    fireEvent.change(box, { target: { value: ' calc & co ' } });
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('path')).toHaveTextContent('/search?q=calc+%26+co');
    expect(screen.getByRole('combobox', { name: 'Search' })).toHaveValue('');
  });
});
