import type { ReactNode } from 'react';

import { CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';

/** A dashboard card's header: a small uppercase line with an icon, the title, and a sentence. */
export function KickerCardHeader({ icon, kicker, title, text }: { icon: ReactNode; kicker: string; title: string; text: string }) {
  return (
    <CardHeader>
      <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground [&_svg]:size-4">
        {icon}
        {kicker}
      </p>
      <CardTitle as="h2">{title}</CardTitle>
      <CardDescription>{text}</CardDescription>
    </CardHeader>
  );
}
