/**
 * Toasts declared with the mutation: the endpoint's success text (from its argument and
 * result) or error text (from the ApiError, docs/product-spec.md §8) is shown once, with the declared duration.
 */
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from './store';
import { api } from './api';
import { toastOutcome } from './mutation-toast';
import { toast } from './toast';
import { useMultipartSave, type SaveArgs } from './upload';

vi.mock('react-toastify/unstyled', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const testApi = api.injectEndpoints({
  endpoints: (build) => ({
    markSold: build.mutation<{ name: string }, { id: string; sold: boolean }>({
      query: ({ id, sold }) => ({ url: `things/${id}`, method: 'PUT', body: { sold } }),
      onQueryStarted: toastOutcome({
        success: ({ sold }, { name }) => (sold ? `${name} marked as sold.` : `${name} updated.`),
        error: (e) => `Error updating item: ${e.message}`,
        ms: 4000,
      }),
    }),
    quiet: build.mutation<unknown, void>({
      query: () => ({ url: 'quiet', method: 'POST' }),
      onQueryStarted: toastOutcome({ success: 'Done.' }),
    }),
  }),
});

const reply = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );

describe('toastOutcome', () => {
  it('shows the success text built from the argument and the result, with the declared duration', async () => {
    reply(200, { success: true, message: 'OK', data: { name: 'Desk lamp' } });
    const result = await makeStore().dispatch(testApi.endpoints.markSold.initiate({ id: '1', sold: true }));
    expect(result.data).toEqual({ name: 'Desk lamp' });
    expect(toast.success).toHaveBeenCalledExactlyOnceWith('Desk lamp marked as sold.', { autoClose: 4000 });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('shows the error text with the server message, and the caller still sees the error', async () => {
    reply(403, { success: false, message: 'You do not have permission to do that.' });
    const result = await makeStore().dispatch(testApi.endpoints.markSold.initiate({ id: '1', sold: false }));
    expect(result.error).toMatchObject({ status: 403 });
    expect(toast.error).toHaveBeenCalledExactlyOnceWith('Error updating item: You do not have permission to do that.', {
      autoClose: 4000,
    });
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('shows nothing for an outcome without a text, and uses the container duration when none is declared', async () => {
    reply(500, { success: false, message: 'Server error. Please try again later.' });
    await makeStore().dispatch(testApi.endpoints.quiet.initiate());
    expect(toast.error).not.toHaveBeenCalled();
    reply(200, { success: true, message: 'OK' });
    await makeStore().dispatch(testApi.endpoints.quiet.initiate());
    expect(toast.success).toHaveBeenCalledExactlyOnceWith('Done.', undefined);
  });
});

describe('useMultipartSave toasts', () => {
  const replyXhr = (status: number, body: unknown) =>
    vi.stubGlobal(
      'XMLHttpRequest',
      class {
        status = 0;
        responseText = '';
        upload = {};
        onload: (() => void) | null = null;
        open() {}
        setRequestHeader() {}
        send() {
          this.status = status;
          this.responseText = JSON.stringify(body);
          queueMicrotask(() => this.onload?.());
        }
      },
    );
  const texts = {
    success: ({ id }: SaveArgs) => (id ? 'Item updated successfully!' : 'Item listed successfully!'),
    error: (_e: unknown, { id }: SaveArgs) => (id ? 'Error updating item' : 'Error creating item'),
    ms: 5000,
  };

  it('declares create / update texts like a mutation: success on an update, error on a create', async () => {
    const onSaved = vi.fn();
    const { result } = renderHook(() => useMultipartSave<{ id: string }>('things', onSaved, texts));
    replyXhr(200, { success: true, message: 'OK', data: { id: 'a' } });
    await expect(result.current.save(new FormData(), 'a')).resolves.toEqual({ id: 'a' });
    expect(onSaved).toHaveBeenCalledWith({ id: 'a' });
    expect(toast.success).toHaveBeenCalledExactlyOnceWith('Item updated successfully!', { autoClose: 5000 });

    replyXhr(400, { success: false, message: 'Item name is required.' });
    await expect(result.current.save(new FormData())).rejects.toMatchObject({ status: 400 });
    expect(toast.error).toHaveBeenCalledExactlyOnceWith('Error creating item', { autoClose: 5000 });
  });
});
