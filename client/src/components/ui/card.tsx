import type { ComponentProps, ComponentType, ReactNode } from 'react';

import { cn } from '../../lib/utils.ts';

export const Card = ({ className, ...p }: ComponentProps<'div'>) => (
  <div className={cn('rounded-2xl border bg-card text-card-foreground shadow-sm', className)} {...p} />
);
export const CardHeader = ({ className, ...p }: ComponentProps<'div'>) => (
  <div className={cn('flex flex-col gap-1.5 p-5 sm:p-6', className)} {...p} />
);
export const CardTitle = ({ className, as: Tag = 'h3', ...p }: ComponentProps<'h3'> & { as?: 'h1' | 'h2' | 'h3' }) => (
  <Tag className={cn('text-lg font-semibold leading-tight', className)} {...p} />
);
export const CardDescription = ({ className, ...p }: ComponentProps<'p'>) => (
  <p className={cn('text-sm text-muted-foreground', className)} {...p} />
);
export const CardContent = ({ className, ...p }: ComponentProps<'div'>) => (
  <div className={cn('p-5 pt-0 sm:p-6 sm:pt-0', className)} {...p} />
);
export const CardFooter = ({ className, ...p }: ComponentProps<'div'>) => (
  <div className={cn('flex items-center p-5 pt-0 sm:p-6 sm:pt-0', className)} {...p} />
);

/** The header of a card that is a section of its page: an icon, the title as a heading (h2 unless said) and an optional description. */
export function IconCardHeader({
  icon: Icon,
  title,
  description,
  iconClassName = 'text-primary',
  as = 'h2',
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  title: ReactNode;
  description?: ReactNode;
  iconClassName?: string;
  as?: 'h1' | 'h2' | 'h3';
}) {
  return (
    <CardHeader>
      <CardTitle as={as} className="flex items-center gap-2">
        <Icon className={cn('size-5', iconClassName)} aria-hidden />
        {title}
      </CardTitle>
      {description ? <CardDescription>{description}</CardDescription> : null}
    </CardHeader>
  );
}
