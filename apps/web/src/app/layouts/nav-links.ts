/** The six feature links of the header (docs/product-spec.md §1, §2), in order. */
export interface FeatureLink {
  to: string;
  label: string;
}

export const FEATURE_LINKS: readonly FeatureLink[] = [
  { to: '/skill-exchange', label: 'Skill Exchange' },
  { to: '/attendance', label: 'Attendance' },
  { to: '/marketplace', label: 'Marketplace' },
  { to: '/lost-found', label: 'Lost & Found' },
  { to: '/rides', label: 'Rides' },
  { to: '/intern-connect', label: 'Internships' },
];
