/**
 * The campus directory's places as suggestions for a free-text place field (docs/architecture.md
 * "Features in detail": Places and the map): a `datalist` of the places' names, which the browser
 * offers as the student types in a field with `list={id}` — the ride form's pickup and drop, the
 * lost & found report's location. Free text is still allowed. The places are read only while
 * `enabled` (the form is open); until they arrive, or when they cannot be read, the list is empty
 * and the field works as plain text.
 */
import { useListPlacesQuery } from '../lib/places-api';

export interface PlaceSuggestionsProps {
  /** The datalist's id, named by the field's `list` attribute. */
  id: string;
  /** Whether to read the places (the form is open). */
  enabled: boolean;
}

export function PlaceSuggestions({ id, enabled }: PlaceSuggestionsProps) {
  const places = useListPlacesQuery({}, { skip: !enabled }).data?.items ?? [];
  return (
    <datalist id={id}>
      {places.map((p) => (
        <option key={p.id} value={p.name} />
      ))}
    </datalist>
  );
}
