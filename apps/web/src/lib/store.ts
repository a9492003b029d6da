/**
 * The Redux store (docs/design.md §2). The start-up bundle holds only the `auth` area (docs/product-spec.md §3); the RTK
 * Query cache (`api`, see lib/api.ts) is injected with its middleware when the first feature
 * that uses it loads, which keeps the initial JavaScript small (docs/design.md §9).
 * `makeStore(preloaded)` builds a fresh store (tests use it with a chosen auth state).
 */
import { combineSlices, configureStore, createDynamicMiddleware } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { authSlice } from './auth-slice';

/** Slices injected later (declaration-merged by lib/api.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface LazyLoadedSlices {}

/** The root reducer; lazily loaded slices are added with `rootReducer.inject(slice)`. */
export const rootReducer = combineSlices(authSlice).withLazyLoadedSlices<LazyLoadedSlices>();

/** Middleware added at run time (`dynamicMiddleware.addMiddleware(m)`), for RTK Query. */
export const dynamicMiddleware = createDynamicMiddleware();

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
