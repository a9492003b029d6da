/** Student Spotlights (docs/product-spec.md §1): one card per story with Read More to `/spotlight/{slug}`. */
import { Link } from 'react-router';
import { ArrowRight, Sparkles } from 'lucide-react';
import type { InstituteInfo } from '@campus/contract/institute';

/** Initials of a name for the avatar circle: "Ananya Gupta" → "AG". */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

export function Spotlights({ spotlights }: { spotlights: InstituteInfo['spotlights'] }) {
  if (spotlights.length === 0) return null;
  return (
    <section aria-labelledby="spotlights-heading">
      <h2 id="spotlights-heading" className="mb-4 flex items-center gap-2 text-xl font-bold text-fg sm:text-2xl">
        <Sparkles aria-hidden="true" size={22} className="text-accent" />
        Student Spotlights
      </h2>
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {spotlights.map((s) => (
          <li key={s.slug}>
            <article className="flex h-full flex-col gap-3 rounded-2xl border border-line bg-surface p-5 shadow-sm">
              <div className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-accent-soft font-semibold text-accent"
                >
                  {initials(s.student)}
                </span>
                <div>
                  <p className="font-semibold text-fg">{s.student}</p>
                  {s.programme ? <p className="text-sm text-muted">{s.programme}</p> : null}
                </div>
              </div>
              <h3 className="text-lg leading-snug font-semibold text-fg">{s.title}</h3>
              <p className="text-sm text-muted">{s.summary}</p>
              <Link
                to={`/spotlight/${s.slug}`}
                className="mt-auto inline-flex items-center gap-1 text-sm font-semibold text-accent underline"
              >
                Read More<span className="sr-only"> about {s.student}</span>
                <ArrowRight aria-hidden="true" size={16} />
              </Link>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
