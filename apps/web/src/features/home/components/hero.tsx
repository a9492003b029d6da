/**
 * Hero banner of the dashboard (docs/product-spec.md §1): greeting, what the app is, and Explore, which scrolls
 * to the tools carousel and moves keyboard focus to its heading.
 */
import { ArrowDown } from 'lucide-react';
import { TOOLS } from '../tools';
import { TOOLS_HEADING_ID, TOOLS_SECTION_ID, scrollBehavior } from './tools-carousel';

export interface HeroProps {
  /** Institute short name, e.g. "IIIT Sonepat". */
  institute: string;
  /** First name of the signed-in user, if any. */
  firstName?: string | null;
}

/** Scrolls to the carousel (instantly under reduced motion) and focuses its heading. */
export function exploreTools(): void {
  document.getElementById(TOOLS_SECTION_ID)?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  document.getElementById(TOOLS_HEADING_ID)?.focus({ preventScroll: true });
}

export function Hero({ institute, firstName }: HeroProps) {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-700 via-indigo-800 to-slate-900 px-6 py-12 text-white shadow-lg sm:px-10 sm:py-16"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 h-72 w-72 rounded-full bg-white/10 blur-2xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-32 -left-16 h-72 w-72 rounded-full bg-indigo-400/20 blur-3xl"
      />
      <div className="relative grid items-center gap-10 lg:grid-cols-[minmax(0,1fr)_auto]">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-indigo-100 uppercase">{institute}</p>
          <h1 id="hero-heading" className="mt-2 text-3xl font-bold tracking-tight sm:text-5xl">
            {firstName ? `Welcome back, ${firstName}!` : 'Your campus, in one place'}
          </h1>
          <p className="mt-4 text-base text-indigo-50 sm:text-lg">
            Swap skills, track attendance, buy and sell, find lost things, share rides and discover internships:
            everything a student needs, built for {institute}.
          </p>
          <button
            type="button"
            onClick={exploreTools}
            className="mt-8 inline-flex min-h-11 items-center gap-2 rounded-full bg-white px-6 py-3 font-semibold text-indigo-800 shadow-md transition-colors hover:bg-indigo-50 focus-visible:outline-white"
          >
            Explore
            <ArrowDown aria-hidden="true" size={18} />
          </button>
        </div>
        <ul aria-hidden="true" className="hidden grid-cols-3 gap-4 lg:grid">
          {TOOLS.map((tool) => (
            <li
              key={tool.to}
              className="flex h-24 w-24 flex-col items-center justify-center gap-2 rounded-2xl bg-white/10 text-xs font-medium text-indigo-50 ring-1 ring-white/15 backdrop-blur-sm"
            >
              {tool.icon}
              {tool.title}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
