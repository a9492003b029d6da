/** The six tools of the dashboard carousel (docs/product-spec.md §1), in the header's order (nav-links.ts). */
import type { ReactNode } from 'react';
import { Briefcase, Car, ClipboardCheck, GraduationCap, Search, ShoppingBag } from 'lucide-react';

export interface Tool {
  to: string;
  title: string;
  text: string;
  icon: ReactNode;
}

export const TOOLS: readonly Tool[] = [
  {
    to: '/skill-exchange',
    title: 'Skill Exchange',
    text: 'Teach what you know and learn from peers who match your interests.',
    icon: <GraduationCap size={24} />,
  },
  {
    to: '/attendance',
    title: 'Attendance',
    text: 'Mark classes every day and keep an eye on your percentage per subject.',
    icon: <ClipboardCheck size={24} />,
  },
  {
    to: '/marketplace',
    title: 'Marketplace',
    text: 'Buy and sell books, cycles and gadgets with students on campus.',
    icon: <ShoppingBag size={24} />,
  },
  {
    to: '/lost-found',
    title: 'Lost & Found',
    text: 'Report something you lost or found and see what others reported.',
    icon: <Search size={24} />,
  },
  {
    to: '/rides',
    title: 'Ride Share',
    text: 'Offer or join rides to the station, the airport or home, and split the cost.',
    icon: <Car size={24} />,
  },
  {
    to: '/intern-connect',
    title: 'Internships',
    text: 'Search current internships by field, location and stipend.',
    icon: <Briefcase size={24} />,
  },
];
