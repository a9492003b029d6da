/**
 * The Redux store (docs/design.md §2). The start-up bundle holds only the `auth` area (docs/product-spec.md §3); the RTK
 * Query cache (`api`, see lib/api.ts) is injected with its middleware when the first feature
 * that uses it loads, which keeps the initial JavaScript small (docs/design.md §9).
 * `makeStore(preloaded)` builds a fresh store (tests use it with a chosen auth state).
 */
import { combineSlices, compose, configureStore, type Middleware } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { authSlice } from './auth-slice';

/** Slices injected later (declaration-merged by lib/api.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface LazyLoadedSlices {}

/** The root reducer; lazily loaded slices are added with `rootReducer.inject(slice)`. */
export const rootReducer = combineSlices(authSlice).withLazyLoadedSlices<LazyLoadedSlices>();

/** The middleware added at run time, in order (RTK Query's, when lib/api.ts loads). */
const lateMiddleware: Middleware[] = [];

/**
 * Middleware added at run time (`dynamicMiddleware.addMiddleware(m)`), for RTK Query: each store
 * applies what was added so far before its next action. What a store applied lives in that
 * store's own middleware, so it goes with the store — RTK's `createDynamicMiddleware` keeps every
 * store it served in a module-level map, and the server builds a store per page render: 45 MB
 * after 2,000 renders (docs/performance.md "Start-up and memory of the server").
 */
export const dynamicMiddleware = {
  addMiddleware(...middleware: Middleware[]): void {
    for (const m of middleware) if (!lateMiddleware.includes(m)) lateMiddleware.push(m);
  },
  middleware: ((storeApi) => (next) => {
    let applied = 0;
    let dispatch = next;
    return (action) => {
      if (applied !== lateMiddleware.length) {
        dispatch = compose<typeof next>(...lateMiddleware.map((m) => m(storeApi)))(next);
        applied = lateMiddleware.length;
      }
      return dispatch(action);
    };
  }) as Middleware,
};

export type RootState = ReturnType<typeof rootReducer>;

/**
 * The thunk extra argument: on the server, the `fetch` that answers `/api/...` in-process with the
 * visitor's cookie; RTK Query's base query uses it instead of the global fetch.
 */
export interface StoreExtra {
  serverFetch?: (input: Request) => Promise<Response>;
}

/**
 * Builds a store; `preloaded` may set any area (for example `{ auth: { ...initialAuthState,
 * status: 'authenticated' } }`); `extra` is the thunk extra argument ({@link StoreExtra}).
 */
export function makeStore(preloaded?: Partial<RootState>, extra: StoreExtra = {}) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloaded as RootState | undefined,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }).concat(dynamicMiddleware.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

/** Typed hooks. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
