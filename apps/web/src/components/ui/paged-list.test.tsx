/**
 * PagedList (docs/web-patterns.md): while loading only the spinner (its name hidden, or shown in a
 * status row with `showLoadingLabel`), else the error over the empty text and the records, else the
 * empty text over the records, else the records; the pager below whatever shows, when given.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { PagedList, type PagedListProps } from './paged-list';

const pager = { page: 1, limit: 10, total: 25, onPageChange: vi.fn(), label: 'Item pages' };

function show(props: Partial<PagedListProps>) {
  return render(
    <PagedList loading={false} loadingLabel="Loading items..." error={null} empty={null} pager={null} {...props}>
      <ul aria-label="Items" />
    </PagedList>,
  );
}

describe('PagedList', () => {
  it('loading: the spinner named by the label, nothing else', () => {
    show({ loading: true, error: <p>Failed</p>, empty: <p>None</p> });
    expect(screen.getByRole('status')).toHaveTextContent('Loading items...');
    expect(screen.getByText('Loading items...')).toHaveClass('sr-only');
    expect(screen.queryByText('Failed')).not.toBeInTheDocument();
    expect(screen.queryByText('None')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Items' })).not.toBeInTheDocument();
  });

  it('loading with showLoadingLabel: the label is visible text in a status row', () => {
    show({ loading: true, showLoadingLabel: true });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading items...');
    expect(screen.getByText(/Loading items\.\.\./)).not.toHaveClass('sr-only');
  });

  it('an error wins over the empty text and the records', () => {
    show({ error: <p>Failed</p>, empty: <p>None</p> });
    expect(screen.getByText('Failed')).toBeInTheDocument();
    expect(screen.queryByText('None')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Items' })).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('the empty text replaces the records', () => {
    show({ empty: <p>None</p> });
    expect(screen.getByText('None')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Items' })).not.toBeInTheDocument();
  });

  it('the records, with the pager below when one is given', () => {
    const { rerender } = show({ pager });
    const list = screen.getByRole('list', { name: 'Items' });
    const nav = screen.getByRole('navigation', { name: 'Item pages' });
    expect(nav).toHaveTextContent('Page 1 of 3');
    expect(list.compareDocumentPosition(nav) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    rerender(
      <PagedList loading={false} loadingLabel="Loading items..." error={null} empty={null} pager={null}>
        <ul aria-label="Items" />
      </PagedList>,
    );
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
