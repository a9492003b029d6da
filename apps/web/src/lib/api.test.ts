/**
 * The one envelope parser (docs/design.md §4, docs/product-spec.md §8): the base query keeps `pagination` beside
 * `data` (one `Page`), unwraps `data`, maps failures to `ApiError`; multipart uploads read replies
 * the same way.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../test/http';
import { makeStore } from './store';
import { api, DEFAULT_ERROR_MESSAGE, NETWORK_MESSAGE, readEnvelope, toPage, type ApiError, type Page } from './api';
import { sendMultipart } from './upload';

interface Thing {
  id: string;
}

const testApi = api.injectEndpoints({
  endpoints: (build) => ({
    things: build.query<Page<Thing>, { page?: number; search?: string }>({
      query: (params) => ({ url: 'things', params }),
      transformResponse: toPage<Thing>,
    }),
    thing: build.query<Thing, string>({ query: (id) => `things/${id}` }),
    addThing: build.mutation<Thing, { name: string; key?: string }>({
      query: ({ name, key }) => ({
        url: 'things',
        method: 'POST',
        body: { name },
        headers: key ? { 'Idempotency-Key': key } : undefined,
      }),
    }),
  }),
});

function stubFetch(reply: () => Response | Promise<Response>, keys: (string | null)[] = []) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(input instanceof Request ? input.url : String(input));
      if (input instanceof Request) keys.push(input.headers.get('Idempotency-Key'));
      return reply();
    }),
  );
  return urls;
}

describe('the base query', () => {
  it('keeps pagination beside data as one Page, and drops empty params', async () => {
    const urls = stubFetch(() =>
      json(200, { success: true, message: 'OK', data: [{ id: 'a' }], pagination: { page: 2, limit: 1, total: 7 } }),
    );
    const store = makeStore();
    const result = await store.dispatch(testApi.endpoints.things.initiate({ page: 2, search: '' }));
    expect(result.data).toEqual({ items: [{ id: 'a' }], pagination: { page: 2, limit: 1, total: 7 } });
    expect(urls[0]).toMatch(/\/api\/things\?page=2$/);
  });

  it('sends every POST with a fresh Idempotency-Key (a UUID), keeps one the caller set, and none on a GET', async () => {
    const keys: (string | null)[] = [];
    stubFetch(() => json(201, { success: true, message: 'Created', data: { id: 'n' } }), keys);
    const store = makeStore();
    await store.dispatch(testApi.endpoints.addThing.initiate({ name: 'a' }));
    await store.dispatch(testApi.endpoints.addThing.initiate({ name: 'a' }));
    await store.dispatch(testApi.endpoints.addThing.initiate({ name: 'a', key: 'queued-key' }));
    await store.dispatch(testApi.endpoints.thing.initiate('x'));
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(keys[0]).toMatch(uuid);
    expect(keys[1]).toMatch(uuid);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys.slice(2)).toEqual(['queued-key', null]);
  });

  it('maps a failure to ApiError with the server message and field errors', async () => {
    stubFetch(() =>
      json(400, { success: false, message: 'Item name is required.', errors: { item_name: 'Item name is required.' } }),
    );
    const result = await makeStore().dispatch(testApi.endpoints.thing.initiate('x'));
    expect(result.error).toEqual({
      status: 400,
      message: 'Item name is required.',
      serverMessage: 'Item name is required.',
      errors: { item_name: 'Item name is required.' },
    } satisfies ApiError);
  });

  it('maps no response to the network text and an HTML error page to the default text', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((await makeStore().dispatch(testApi.endpoints.thing.initiate('a'))).error).toEqual({
      status: 'NETWORK',
      message: NETWORK_MESSAGE,
    });
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect((await makeStore().dispatch(testApi.endpoints.thing.initiate('b'))).error).toEqual({
      status: 502,
      message: DEFAULT_ERROR_MESSAGE,
    });
  });
});

describe('readEnvelope', () => {
  it('unwraps data and keeps message and pagination in meta', () => {
    expect(
      readEnvelope(200, { success: true, message: 'OK', data: [], pagination: { page: 1, limit: 20, total: 0 } }),
    ).toEqual({
      data: [],
      meta: { status: 200, message: 'OK', pagination: { page: 1, limit: 20, total: 0 } },
    });
  });

  it('returns the whole body for top-level keys and null for an empty body', () => {
    expect(readEnvelope(200, { success: true, message: 'OK', skills: [] })).toMatchObject({
      data: { success: true, message: 'OK', skills: [] },
    });
    expect(readEnvelope(204, null)).toEqual({ data: null, meta: { status: 204 } });
  });

  it('treats success: false under a 2xx as a failure', () => {
    expect(readEnvelope(200, { success: false, message: 'Nope' })).toEqual({
      error: { status: 'PARSE', message: 'Nope', serverMessage: 'Nope' },
    });
  });
});

describe('sendMultipart (XMLHttpRequest)', () => {
  class FakeXhr {
    static reply: { status: number; text: string } = { status: 200, text: '' };
    status = 0;
    responseText = '';
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    headers: Record<string, string> = {};
    static last: FakeXhr | null = null;
    open() {
      FakeXhr.last = this;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send() {
      this.status = FakeXhr.reply.status;
      this.responseText = FakeXhr.reply.text;
      queueMicrotask(() => this.onload?.());
    }
  }
  afterEach(() => {
    FakeXhr.reply = { status: 200, text: '' };
  });

  it('resolves data and message, and rejects the same ApiError as the base query', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.reply = { status: 201, text: JSON.stringify({ success: true, message: 'Saved', data: { id: 'n' } }) };
    await expect(sendMultipart({ method: 'POST', url: 'things', form: new FormData() })).resolves.toEqual({
      data: { id: 'n' },
      message: 'Saved',
    });
    expect(FakeXhr.last?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    const failure = { success: false, message: 'Image size should be less than 5MB', errors: { image: 'too big' } };
    FakeXhr.reply = { status: 413, text: JSON.stringify(failure) };
    await expect(sendMultipart({ method: 'POST', url: 'things', form: new FormData() })).rejects.toEqual({
      status: 413,
      message: failure.message,
      serverMessage: failure.message,
      errors: { image: 'too big' },
    });
    FakeXhr.reply = { status: 500, text: 'Internal Server Error' };
    await expect(sendMultipart({ method: 'PUT', url: 'things/1', form: new FormData() })).rejects.toEqual({
      status: 500,
      message: DEFAULT_ERROR_MESSAGE,
    });
    expect(FakeXhr.last?.headers).toEqual({});
  });
});
