/**
 * Text typed into server-rendered fields before hydration is kept (use-typed-before-hydration.ts):
 * a search box, an input, a select and a textarea take it as typed at mount (a Headless UI combobox:
 * skill-picker.test.tsx); a client-side render hands nothing.
 */
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Input } from '../components/ui/input';
import { SearchField } from '../components/ui/search-field';
import { Select } from '../components/ui/select';
import { Textarea } from '../components/ui/textarea';

describe('text typed before hydration', () => {
  it('reaches onChange once the fields hydrate: a search box, an input, a select and a textarea', async () => {
    const onSearch = vi.fn();
    const onPrice = vi.fn();
    const onBranch = vi.fn();
    const onMessage = vi.fn();
    const fields = (
      <div>
        <SearchField label="Search items" value="" onChange={onSearch} />
        <Input label="Maximum price" value="" onChange={(e) => onPrice(e.target.value)} />
        <Select
          label="Branch"
          options={['CSE', 'ECE']}
          placeholder="Select branch"
          value=""
          onChange={(e) => onBranch(e.target.value)}
        />
        <Textarea label="Message" value="" onChange={(e) => onMessage(e.target.value)} />
      </div>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(fields);
    document.body.append(container);
    const [search, price] = [...container.querySelectorAll('input')];
    search!.value = 'cycle';
    price!.value = '3000';
    container.querySelector('select')!.value = 'ECE';
    container.querySelector('textarea')!.value = 'Library closes early';
    await act(async () => {
      hydrateRoot(container, fields);
    });
    expect(onSearch).toHaveBeenCalledWith('cycle');
    expect(onPrice).toHaveBeenCalledWith('3000');
    expect(onBranch).toHaveBeenCalledWith('ECE');
    expect(onMessage).toHaveBeenCalledWith('Library closes early');
    container.remove();
  });

  it('hands nothing after a client-side render', () => {
    const onSearch = vi.fn();
    render(<SearchField label="Search items" value="desk" onChange={onSearch} />);
    expect(onSearch).not.toHaveBeenCalled();
  });
});
