import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type CardProps = {
  title?: string;
  titleId?: string;
  children: ReactNode;
  className?: string;
  as?: 'section' | 'article' | 'div';
};

// A section needs a heading to be one (an untitled card is a plain box).
export function Card({ title, titleId, children, className, as: Tag = title ? 'section' : 'div' }: CardProps) {
  return (
    <Tag
      className={cn('rounded-lg border border-slate-200 bg-white p-6 shadow-sm', className)}
      aria-labelledby={title ? titleId : undefined}
    >
      {title && (
        <h2 id={titleId} className="mb-4 text-lg font-semibold text-slate-900">
          {title}
        </h2>
      )}
      {children}
    </Tag>
  );
}
