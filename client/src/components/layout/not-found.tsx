import { Compass, Home, LayoutDashboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { buttonVariants } from '../ui/button.tsx';
import { Card, CardContent } from '../ui/card.tsx';

/** Any unknown address: says so plainly and offers a way home (and to the dashboard when signed in). */
export default function NotFound({ isSignedIn = false }: { isSignedIn?: boolean }) {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh w-full items-center justify-center bg-background p-4" data-testid="not-found">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col gap-4 pt-6 sm:pt-6">
          <div className="flex items-center gap-2">
            <Compass className="size-8 shrink-0 text-primary" aria-hidden />
            <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
          </div>
          <p className="text-sm text-muted-foreground">{t('notFound.text')}</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            {isSignedIn && (
              <Link href="/dashboard" className={buttonVariants()} data-testid="not-found-dashboard">
                <LayoutDashboard aria-hidden />
                {t('notFound.dashboard')}
              </Link>
            )}
            <Link href="/" className={buttonVariants({ variant: isSignedIn ? 'outline' : 'default' })} data-testid="not-found-home">
              <Home aria-hidden />
              {t('notFound.home')}
            </Link>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}
