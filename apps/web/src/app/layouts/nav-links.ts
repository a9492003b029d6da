/** The feature links of the header (docs/product-spec.md §1, §2: the six tools; then the mess menu, docs/mess.md), in order. */
export interface FeatureLink {
  to: string;
  label: string;
}

export const FEATURE_LINKS: readonly FeatureLink[] = [
  { to: '/skill-exchange', label: 'Skill Exchange' },
  { to: '/attendance', label: 'Attendance' },
  { to: '/mess', label: 'Mess' },
  { to: '/marketplace', label: 'Marketplace' },
  { to: '/lost-found', label: 'Lost & Found' },
  { to: '/rides', label: 'Rides' },
  { to: '/intern-connect', label: 'Internships' },
];
