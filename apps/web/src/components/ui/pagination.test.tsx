/**
 * Pagination (docs/design.md §4): "Page X of Y" with Previous/Next for an exact total,
 * and for a capped total (`totalCapped`, the server stopped counting) "Page X of Y+" in en-IN
 * digits with Next still enabled on the last counted page; nothing when one page holds it all.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pagination, totalLabel } from './pagination';

describe('totalLabel', () => {
  it('shows an exact total as it is and a capped one as a lower bound, in en-IN digits', () => {
    expect(totalLabel(57)).toBe('57');
    expect(totalLabel(1000, true)).toBe('1,000+');
    expect(totalLabel(120000)).toBe('1,20,000');
  });
});

describe('Pagination', () => {
  it('an exact total: Page 2 of 3, Next disabled on the last page', async () => {
    const onPageChange = vi.fn();
    const { rerender } = render(<Pagination page={2} limit={20} total={57} onPageChange={onPageChange} />);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(onPageChange).toHaveBeenCalledWith(3);
    rerender(<Pagination page={3} limit={20} total={57} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
  });

  it('a capped total: Page 3 of 84+, and Next stays enabled on the last counted page', async () => {
    const onPageChange = vi.fn();
    const { rerender } = render(
      <Pagination page={3} limit={12} total={1000} totalCapped onPageChange={onPageChange} label="Marketplace pages" />,
    );
    expect(screen.getByRole('navigation', { name: 'Marketplace pages' })).toHaveTextContent('Page 3 of 84+');
    rerender(<Pagination page={84} limit={12} total={1008} totalCapped onPageChange={onPageChange} />);
    const next = screen.getByRole('button', { name: /Next/ });
    expect(next).toBeEnabled();
    await userEvent.click(next);
    expect(onPageChange).toHaveBeenCalledWith(85);
  });

  it('renders nothing when one page holds every row, but a capped single page still pages on', () => {
    const { container, rerender } = render(<Pagination page={1} limit={20} total={7} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<Pagination page={1} limit={1000} total={1000} totalCapped onPageChange={() => {}} />);
    expect(screen.getByText('Page 1 of 1+')).toBeInTheDocument();
  });
});
