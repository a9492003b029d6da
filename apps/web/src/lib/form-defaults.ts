/**
 * Server-rendered forms show their defaults. react-hook-form writes a registered field's default
 * into the DOM only once the form has mounted in the browser, so the server's HTML (and the first
 * client render) would show the field empty until hydration, and React would then see a server/client
 * difference. {@link registerWithDefaults} adds the default to the element itself — `defaultValue`,
 * or `defaultChecked` for a boolean — so both renders carry it (docs/decisions/0001-hydration-at-load.md).
 */
import type { FieldPath, FieldValues, RegisterOptions, UseFormReturn } from 'react-hook-form';

/**
 * `form.register`, whose props also carry the field's default from the form's `defaultValues`
 * (top-level field names only; a missing or null default adds nothing).
 */
export function registerWithDefaults<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'register' | 'formState'>) {
  const defaults = (form.formState.defaultValues ?? {}) as Record<string, unknown>;
  return <N extends FieldPath<T>>(name: N, options?: RegisterOptions<T, N>) => {
    const value = defaults[name];
    return {
      ...form.register(name, options),
      ...(typeof value === 'boolean'
        ? { defaultChecked: value }
        : value == null
          ? {}
          : { defaultValue: String(value) }),
    };
  };
}
