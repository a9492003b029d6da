/**
 * The notification panel's placement, shared by the bell (its loading placeholder) and the lazy
 * dropdown; its own module so that neither imports the other (docs/architecture.md "Layers": no
 * import cycles) and the dropdown stays out of the bell's chunk.
 */

/** Panel placement: full width under the header on phones, anchored to the bell from `sm` up. */
export const PANEL_CLASSES =
  'fixed inset-x-2 top-16 z-40 rounded-2xl border border-line bg-surface shadow-xl ' +
  'sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96';
