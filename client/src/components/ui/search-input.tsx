import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';

import { cn } from '../../lib/utils.ts';
import { Input } from './input.tsx';

/** A search box with its magnifier; the placeholder doubles as the accessible name. */
export function SearchInput({ placeholder, className, ...props }: Omit<ComponentProps<typeof Input>, 'type'> & { placeholder: string }) {
  return (
    <div className={cn('relative', className)}>
      <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input type="search" placeholder={placeholder} aria-label={placeholder} className="pl-9" {...props} />
    </div>
  );
}
