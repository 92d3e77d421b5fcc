import type { ReactNode } from 'react';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card.tsx';

/** Full-page card for states such as "not found" or "not available", with an action. */
export function MessageCard({ icon, title, message, action }: { icon?: ReactNode; title: string; message?: string; action?: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center p-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          {icon}
          <CardTitle as="h1">{title}</CardTitle>
          {message && <CardDescription>{message}</CardDescription>}
        </CardHeader>
        {action && <CardContent className="flex justify-center">{action}</CardContent>}
      </Card>
    </main>
  );
}
