import { Quote, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

import { cn } from '#client/lib/utils.ts';

export interface Verse {
  text: string;
  ref: string;
  version: string;
}

export function ScriptureQuote({ verse, className }: { verse: Verse; className?: string }) {
  return (
    <figure className={cn('rounded-2xl border bg-card/80 p-5 shadow-sm', className)}>
      <Quote className="mb-2 size-5 text-gold" aria-hidden />
      <blockquote className="font-serif text-lg leading-relaxed italic">{verse.text}</blockquote>
      <figcaption className="mt-3 text-sm font-semibold text-muted-foreground">
        {verse.ref} <span className="font-normal">({verse.version})</span>
      </figcaption>
    </figure>
  );
}

/** A landing section: anchor, title, lead, content in the page's column. */
export function Section({
  id,
  title,
  subtitle,
  children,
  className,
}: {
  id: string;
  title: string;
  subtitle?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn('scroll-mt-20 px-4 py-16 sm:py-20', className)}>
      <div className="mx-auto max-w-6xl">
        <div className="mb-10 max-w-2xl">
          <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight sm:text-4xl">
            {title}
          </h2>
          {subtitle && <p className="mt-3 text-lg text-muted-foreground">{subtitle}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

export function IconCard({ icon: Icon, title, text, aside }: { icon: LucideIcon; title: string; text: string; aside?: ReactNode }) {
  return (
    <div className="flex h-full flex-col gap-3 rounded-2xl border bg-card p-5 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <span className="inline-flex size-11 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
          <Icon className="size-5" aria-hidden />
        </span>
        {aside}
      </div>
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="text-muted-foreground">{text}</p>
    </div>
  );
}
