/**
 * Text typed into server-rendered fields before hydration is kept (use-typed-before-hydration.ts):
 * the search box and a controlled input hand it to their owners at mount; a client-side render
 * hands nothing.
 */
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Input } from '../components/ui/input';
import { SearchField } from '../components/ui/search-field';

describe('text typed before hydration', () => {
  it('reaches onChange once the fields hydrate', async () => {
    const onSearch = vi.fn();
    const onPrice = vi.fn();
    const fields = (
      <div>
        <SearchField label="Search items" value="" onChange={onSearch} />
        <Input label="Maximum price" value="" onChange={(e) => onPrice(e.target.value)} />
      </div>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(fields);
    document.body.append(container);
    const [search, price] = [...container.querySelectorAll('input')];
    search!.value = 'cycle';
    price!.value = '3000';
    await act(async () => {
      hydrateRoot(container, fields);
    });
    expect(onSearch).toHaveBeenCalledWith('cycle');
    expect(onPrice).toHaveBeenCalledWith('3000');
    container.remove();
  });

  it('hands nothing after a client-side render', () => {
    const onSearch = vi.fn();
    render(<SearchField label="Search items" value="desk" onChange={onSearch} />);
    expect(onSearch).not.toHaveBeenCalled();
  });
});
