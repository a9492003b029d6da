/** Spotlight pages: each config spotlight renders its story; an unknown slug is the 404 page. */
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { instituteConfig } from '@campus/contract/institute';
import { json } from '../../test/http';
import { renderApp } from '../../test/render';
import SpotlightPage from './pages/spotlight-page';

const config = instituteConfig.parse({});
function renderAt(path: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(200, { success: true, message: 'OK', data: { ...config, quickLinks: [] } })),
  );
  return renderApp(
    <Routes>
      <Route path="/spotlight/:slug" element={<SpotlightPage />} />
    </Routes>,
    { initialEntries: [path] },
  );
}

describe('spotlight page', () => {
  it.each(config.spotlights.map((s) => [s.slug, s] as const))('renders %s with its story', async (slug, s) => {
    renderAt(`/spotlight/${slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: s.title })).toBeInTheDocument();
    expect(screen.getByText(s.student)).toBeInTheDocument();
    for (const p of s.body) expect(screen.getByText(p)).toBeInTheDocument();
    for (const h of s.highlights) expect(screen.getByText(h)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');
    // Links to the other stories.
    expect(screen.getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/spotlight/'))).toHaveLength(
      config.spotlights.length - 1,
    );
    expect(document.title).toContain(s.title);
  });

  it('shows the 404 page for an unknown slug', async () => {
    renderAt('/spotlight/no-such-student');
    expect(await screen.findByRole('heading', { name: "Oops! You've hit a dead end." })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' })).toBeInTheDocument();
  });
});
