/** Card: a bordered surface with optional title; `as` picks the element (section by default). */
import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  as?: 'section' | 'div' | 'article';
}

export function Card({ title, as: Tag = 'section', className, children, ...rest }: CardProps) {
  return (
    <Tag className={cn('rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-6', className)} {...rest}>
      {title ? <h2 className="mb-4 text-lg font-semibold text-fg">{title}</h2> : null}
      {children}
    </Tag>
  );
}
