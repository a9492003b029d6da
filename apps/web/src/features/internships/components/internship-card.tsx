/**
 * One internship (docs/product-spec.md §2 Internship Results): title, company, location, Remote or On-site (and
 * Hybrid), Stipend, Duration, the posted or start text when the source gave one, and Apply Now,
 * which opens the listing in a new tab (`rel="noopener noreferrer"`).
 */
import { Building2, CalendarDays, Clock, ExternalLink, IndianRupee, MapPin } from 'lucide-react';
import type { InternshipListing } from '@campus/contract/internships';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';

export function InternshipCard({ listing }: { listing: InternshipListing }) {
  const titleId = `internship-${listing.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold text-fg">
          {listing.title}
        </h3>
        <div className="flex shrink-0 flex-wrap justify-end gap-1">
          <Badge tone={listing.work_from_home ? 'success' : 'neutral'}>
            {listing.work_from_home ? 'Remote' : 'On-site'}
          </Badge>
          {listing.hybrid ? <Badge tone="accent">Hybrid</Badge> : null}
        </div>
      </div>
      <dl className="grid gap-1.5 text-sm text-muted">
        <Fact icon={<Building2 size={16} />} term="Company" value={listing.company || '—'} />
        <Fact icon={<MapPin size={16} />} term="Location" value={listing.location || '—'} />
        <Fact icon={<IndianRupee size={16} />} term="Stipend" value={listing.stipend || 'Not stated'} />
        <Fact icon={<CalendarDays size={16} />} term="Duration" value={listing.duration || '—'} />
        {listing.start ? <Fact icon={<Clock size={16} />} term="Starts" value={listing.start} /> : null}
        {listing.posted ? <Fact icon={<Clock size={16} />} term="Posted" value={listing.posted} /> : null}
      </dl>
      <a
        href={listing.apply_link}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClasses('primary', 'sm', 'mt-auto self-start')}
      >
        Apply Now
        <ExternalLink aria-hidden="true" size={16} />
        <span className="sr-only">
          {' '}
          to {listing.title} at {listing.company} (opens in a new tab)
        </span>
      </a>
    </article>
  );
}

function Fact({ icon, term, value }: { icon: React.ReactNode; term: string; value: string }) {
  return (
    <div className="flex items-start gap-2">
      <span aria-hidden="true" className="mt-0.5">
        {icon}
      </span>
      <dt className="sr-only">{term}</dt>
      <dd>
        <span className="font-medium text-fg">{term}: </span>
        {value}
      </dd>
    </div>
  );
}
