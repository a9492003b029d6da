/**
 * What a person entered in server-rendered fields before hydration is kept
 * (use-typed-before-hydration.ts): a search box, an input, a select and a textarea take it as typed
 * at mount (a Headless UI combobox: skill-picker.test.tsx); fields registered with react-hook-form,
 * whose `register` writes the form's defaults at mount, keep text and a ticked box; a client-side
 * render hands nothing.
 */
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { render } from '@testing-library/react';
import { useForm, useWatch } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from '../components/ui/checkbox';
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

  it('keeps text, a choice and a ticked box in fields registered with react-hook-form, and their watchers follow', async () => {
    type Values = { message: string; broadcast: boolean; hostel: string };
    const read: { values?: () => Values } = {};
    function BroadcastForm() {
      const { register, getValues, control } = useForm<Values>({
        defaultValues: { message: '', broadcast: false, hostel: 'Coho Hostel' },
      });
      const broadcast = useWatch({ control, name: 'broadcast' });
      read.values = getValues;
      return (
        <form>
          <Input label="Message" {...register('message')} />
          <Checkbox label="Broadcast to all users" {...register('broadcast')} />
          <Select label="Hostel" options={['Coho Hostel', 'Satluj Hostel']} {...register('hostel')} />
          <button type="submit">{broadcast ? 'Send broadcast' : 'Send notification'}</button>
        </form>
      );
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<BroadcastForm />);
    document.body.append(container);
    container.querySelector<HTMLInputElement>('input[name="message"]')!.value = 'Library open late';
    container.querySelector<HTMLInputElement>('input[name="broadcast"]')!.checked = true;
    container.querySelector('select')!.value = 'Satluj Hostel';
    await act(async () => {
      hydrateRoot(container, <BroadcastForm />);
    });
    expect(read.values!()).toEqual({ message: 'Library open late', broadcast: true, hostel: 'Satluj Hostel' });
    expect(container.querySelector<HTMLInputElement>('input[name="broadcast"]')!.checked).toBe(true);
    // The form's watchers follow the field too.
    expect(container.querySelector('button')!.textContent).toBe('Send broadcast');
    container.remove();
  });

  it('leaves a registered form at its defaults after a client-side render', () => {
    const read: { values?: () => unknown } = {};
    function BroadcastForm() {
      const { register, getValues } = useForm({ defaultValues: { message: 'Hello', broadcast: true } });
      read.values = getValues;
      return (
        <form>
          <Input label="Message" {...register('message')} />
          <Checkbox label="Broadcast to all users" {...register('broadcast')} />
        </form>
      );
    }
    render(<BroadcastForm />);
    expect(read.values!()).toEqual({ message: 'Hello', broadcast: true });
  });

  it('hands nothing after a client-side render', () => {
    const onSearch = vi.fn();
    render(<SearchField label="Search items" value="desk" onChange={onSearch} />);
    expect(onSearch).not.toHaveBeenCalled();
  });
});
