/**
 * Filters and page kept in the URL (so a search survives a reload and can be shared):
 * {@link useUrlParams} applies changes, {@link useDebouncedParam} writes a text field after typing
 * stops.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useResetOnChange } from './use-reset-on-change';

/** Writes `{ name: value }` changes to the URL; an empty value deletes the parameter. */
export type UpdateParams = (changes: Record<string, string>) => void;

/**
 * The URL search parameters, `update`, which applies changes to them, and `replaceAll`, which
 * replaces them all (pushing a history entry). Any change but `page` goes back to page 1 and
 * replaces the history entry; `page` and `view` changes push one.
 *
 * Every write goes through here so that the next write starts from it: a debounced field may fire
 * after a write but before React commits the new URL (router updates are transitions), and must
 * not write back the URL as it was before (it once dropped `view=mine`).
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  // The latest URL parameters, also updated synchronously by every write.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const write = useCallback(
    (next: URLSearchParams, replace: boolean) => {
      latest.current = next;
      setParams(next, { replace });
    },
    [setParams],
  );
  const update = useCallback<UpdateParams>(
    (changes) => {
      const next = new URLSearchParams(latest.current);
      for (const [k, v] of Object.entries(changes)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      if (!('page' in changes)) next.delete('page');
      write(next, !('page' in changes) && !('view' in changes));
    },
    [write],
  );
  const replaceAll = useCallback((init: Record<string, string>) => write(new URLSearchParams(init), false), [write]);
  return { params, update, replaceAll };
}

/**
 * A text input whose value is written to the URL parameter `name` 400 ms after typing stops. Call
 * it in the component that renders the input: when that unmounts (the user left the view), an
 * edit still pending is dropped rather than written into the next view's URL.
 */
export function useDebouncedParam(name: string, params: URLSearchParams, update: UpdateParams) {
  const urlValue = params.get(name) ?? '';
  const [value, setValue] = useState(urlValue);
  // Follows the URL when it changes (back, a chip, a tab), during render: an effect would also run
  // at mount, after the field's own mount effect, and wipe text typed before hydration that the
  // field had just handed over (lib/use-typed-before-hydration.ts).
  useResetOnChange(urlValue, () => setValue(urlValue));
  useEffect(() => {
    if (value === urlValue) return;
    const t = setTimeout(() => update({ [name]: value }), 400);
    return () => clearTimeout(t);
  }, [value, urlValue, name, update]);
  return [value, setValue] as const;
}
