/**
 * The carousel of the six tools (docs/product-spec.md §1, §9): a horizontally scrollable row of cards that scrolls
 * by touch (native, with snap points), by the Slide buttons (260 px under 640 px width, 280 px
 * otherwise, exactly one card) and by keyboard (Tab, or ←/→/Home/End between cards). Smooth
 * scrolling only without `prefers-reduced-motion`.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { ArrowRight, ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { TOOLS } from '../tools';

/** Slide step in px for a viewport width (docs/product-spec.md §9): 260 under 640 px, 280 otherwise. */
export function slideStep(viewportWidth: number): number {
  return viewportWidth < 640 ? 260 : 280;
}

/** True when the user asked for reduced motion (no smooth scrolling, no animations). */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** `smooth`, or `auto` (instant) under reduced motion. */
export function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? 'auto' : 'smooth';
}

export const TOOLS_SECTION_ID = 'tools';
export const TOOLS_HEADING_ID = 'tools-heading';
const LIST_ID = 'tools-list';

export function ToolsCarousel() {
  const listRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: false });

  const update = useCallback(() => {
    const el = listRef.current;
    if (!el) return;
    setEdges({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  }, []);

  useEffect(() => {
    const el = listRef.current;
    if (!el) return;
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [update]);

  const slide = (direction: 1 | -1) => {
    listRef.current?.scrollBy({ left: direction * slideStep(window.innerWidth), behavior: scrollBehavior() });
  };

  /** ←/→ move to the previous/next card, Home/End to the first/last (focus scrolls it into view). */
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const links = Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (index < 0) return;
    const next =
      event.key === 'ArrowRight'
        ? Math.min(index + 1, links.length - 1)
        : event.key === 'ArrowLeft'
          ? Math.max(index - 1, 0)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? links.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    links[next]!.focus();
  };

  return (
    <section id={TOOLS_SECTION_ID} aria-labelledby={TOOLS_HEADING_ID} className="scroll-mt-24">
      <div className="mb-4 flex items-end justify-between gap-3">
        <div>
          <h2 id={TOOLS_HEADING_ID} tabIndex={-1} className="text-xl font-bold text-fg focus:outline-none sm:text-2xl">
            Explore the tools
          </h2>
          <p className="mt-1 text-sm text-muted">Swipe, use the arrows, or tab through the cards.</p>
        </div>
        <div className="flex shrink-0 gap-2">
          <button
            type="button"
            aria-label="Slide left"
            aria-controls={LIST_ID}
            disabled={edges.start}
            onClick={() => slide(-1)}
            className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-line bg-surface text-fg shadow-sm transition-colors hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-50"
          >
            <ChevronLeft aria-hidden="true" size={20} />
          </button>
          <button
            type="button"
            aria-label="Slide right"
            aria-controls={LIST_ID}
            disabled={edges.end}
            onClick={() => slide(1)}
            className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-line bg-surface text-fg shadow-sm transition-colors hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-50"
          >
            <ChevronRight aria-hidden="true" size={20} />
          </button>
        </div>
      </div>
      <ul
        id={LIST_ID}
        ref={listRef}
        aria-label="Tools"
        onKeyDown={onKeyDown}
        className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto overscroll-x-contain px-4 pt-1 pb-4 [scrollbar-width:thin] sm:-mx-6 sm:scroll-px-6 sm:px-6"
      >
        {TOOLS.map((tool) => (
          <li key={tool.to} className="w-[244px] shrink-0 snap-start sm:w-[264px]">
            <Link
              to={tool.to}
              className={cn(
                'group flex h-full flex-col gap-3 rounded-2xl border border-line bg-surface p-5 shadow-sm',
                'transition-colors hover:border-accent focus-visible:border-accent',
              )}
            >
              <span aria-hidden="true" className="w-fit rounded-xl bg-accent-soft p-3 text-accent">
                {tool.icon}
              </span>
              <span className="flex items-center gap-1 text-lg font-semibold text-fg">
                {tool.title}
                <ArrowRight
                  aria-hidden="true"
                  size={16}
                  className="transition-transform group-hover:translate-x-0.5 motion-reduce:transform-none"
                />
              </span>
              <span className="text-sm text-muted">{tool.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
