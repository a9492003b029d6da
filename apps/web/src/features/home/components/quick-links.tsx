/**
 * Quick Links (docs/product-spec.md §1): the calendar, contacts and timetable PDFs (generated from the institute
 * config) and the external payment portal, each opening in a new tab.
 */
import { CalendarDays, Clock, ExternalLink, FileText, Phone } from 'lucide-react';
import type { InstituteInfo } from '@campus/contract/institute';

const ICONS = {
  calendar: CalendarDays,
  contacts: Phone,
  timetable: Clock,
} as const;

export function QuickLinks({ links }: { links: InstituteInfo['quickLinks'] }) {
  return (
    <section aria-labelledby="quick-links-heading">
      <h2 id="quick-links-heading" className="mb-4 text-xl font-bold text-fg sm:text-2xl">
        Quick Links
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {links.map((link) => {
          const Icon = link.document ? (ICONS[link.document] ?? FileText) : ExternalLink;
          return (
            <li key={link.href}>
              <a
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                className="group flex h-full items-start gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm transition-colors hover:border-accent"
              >
                <span aria-hidden="true" className="rounded-xl bg-accent-soft p-2.5 text-accent">
                  <Icon size={20} />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-1.5 font-semibold text-fg group-hover:text-accent">
                    {link.label}
                    <ExternalLink aria-hidden="true" size={14} className="shrink-0 text-muted" />
                  </span>
                  {link.description ? (
                    <span className="mt-0.5 block text-sm text-muted">{link.description}</span>
                  ) : null}
                  <span className="sr-only">
                    {link.document ? ' (PDF, opens in a new tab)' : ' (external site, opens in a new tab)'}
                  </span>
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
