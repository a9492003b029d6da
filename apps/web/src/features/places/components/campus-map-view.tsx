/**
 * The interactive campus map (docs/architecture.md "Features in detail": Places and the map), an
 * enhancement beside the place list: Leaflet, imported only by the map page after it mounts (its
 * own chunk, never on the server), with the institute's campus map image placed by its corner
 * coordinates — or the configured tile server (`MAP_TILE_URL`) — and one circle per place; the
 * chosen place is larger and centred, a click on a circle opens that place.
 */
import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { Place } from '@campus/contract/places';
import type { InstituteInfo } from '@campus/contract/institute';

export interface CampusMapViewProps {
  places: readonly Place[];
  selected: string | undefined;
  campusMap: InstituteInfo['campusMap'];
  tiles: InstituteInfo['mapTiles'];
  onOpen: (slug: string) => void;
}

export function CampusMapView({ places, selected, campusMap, tiles, onOpen }: CampusMapViewProps) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const open = useRef(onOpen);
  open.current = onOpen;

  useEffect(() => {
    const bounds = L.latLngBounds([campusMap.south, campusMap.west], [campusMap.north, campusMap.east]);
    const m = L.map(box.current!, { zoomSnap: 0.25, attributionControl: Boolean(tiles) });
    if (tiles) L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(m);
    else L.imageOverlay(campusMap.image, bounds, { alt: 'Campus map' }).addTo(m);
    m.fitBounds(bounds);
    layer.current = L.layerGroup().addTo(m);
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
    };
  }, [campusMap, tiles]);

  useEffect(() => {
    const group = layer.current;
    if (!group) return;
    group.clearLayers();
    for (const place of places) {
      const chosen = place.slug === selected;
      L.circleMarker([place.lat, place.lng], {
        radius: chosen ? 11 : 7,
        color: chosen ? '#b91c1c' : '#1d4ed8',
        weight: 2,
        fillOpacity: chosen ? 0.9 : 0.6,
      })
        .bindTooltip(place.name, { permanent: chosen, direction: 'top' })
        .on('click', () => open.current(place.slug))
        .addTo(group);
    }
    const target = places.find((p) => p.slug === selected);
    if (target && map.current) map.current.setView([target.lat, target.lng], Math.max(map.current.getZoom(), 17));
  }, [places, selected]);

  return <div ref={box} className="h-full w-full" />;
}
