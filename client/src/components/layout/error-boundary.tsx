import { Home, RotateCw, TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { canReloadForMissingCode, isMissingCodeError, reloadForMissingCode, reportClientError } from '../../lib/client-errors.ts';
import { Card, CardContent } from '../ui/card.tsx';
import { LiveRoot } from './live-root.tsx';
import { BootScreen } from './loading-screen.tsx';

interface Props {
  children: ReactNode;
  /** When it changes (the page's path), a broken screen is tried again: going elsewhere leaves the friendly screen. */
  resetKey?: string;
}
interface State {
  hasError: boolean;
  /** A screen's code is missing (a deploy replaced the build): the page reloads instead of showing the friendly screen. */
  isReloading: boolean;
  resetKey?: string;
}

/**
 * Catches what a screen throws while rendering, or a screen whose code cannot be loaded
 * (docs/decisions/069): instead of a blank page, the page reloads once to get the new build when
 * code is missing, and otherwise the friendly screen shows, and the server is told.
 */
export class ErrorBoundary extends Component<Props, State> {
  constructor(props: Props) {
    super(props);
    this.state = { hasError: false, isReloading: false, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { hasError: true, isReloading: isMissingCodeError(error) && canReloadForMissingCode() };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { resetKey: props.resetKey, hasError: false, isReloading: false };
  }

  // The one place a caught error is reported: it knows whether the page is about to reload (no report then).
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (this.state.isReloading) reloadForMissingCode();
    else reportClientError(isMissingCodeError(error) ? 'chunk' : 'render', error, info.componentStack ?? undefined);
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    return this.state.isReloading ? (
      <BootScreen />
    ) : (
      <>
        <LiveRoot />
        <CrashScreen />
      </>
    );
  }
}

/**
 * Shown when the translations themselves are missing (they may be what failed): both languages at
 * once, as the boot screen's label does.
 */
const BILINGUAL = {
  title: 'Something went wrong · Un souci est survenu',
  text: 'Reloading the page usually fixes it. · Recharger la page suffit en général.',
  reload: 'Reload · Recharger',
  home: 'Home · Accueil',
};

// The look of the Button primitive (components/ui/button.tsx), written out: this screen is part of
// the entry script, which the button's Radix slot stays out of.
const BUTTON =
  'inline-flex h-10 items-center justify-center gap-2 whitespace-nowrap rounded-lg px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background [&_svg]:size-4 [&_svg]:shrink-0';

/** The friendly screen: says plainly that something broke, and offers a reload and the way home. */
export function CrashScreen() {
  // Never suspends: if the texts are not here, waiting for them could be what fails.
  const { t, i18n, ready } = useTranslation('common', { useSuspense: false });
  const hasTexts = ready && i18n.exists('crash.title', { ns: 'common' });
  const text = hasTexts ? { title: t('crash.title'), text: t('crash.text'), reload: t('crash.reload'), home: t('crash.home') } : BILINGUAL;
  return (
    <main className="flex min-h-dvh w-full items-center justify-center bg-background p-4" data-testid="crash-screen">
      {/* Wide enough for both buttons side by side in either language. */}
      <Card className="w-full max-w-lg">
        <CardContent className="flex flex-col gap-4 pt-6 sm:pt-6">
          <div className="flex items-center gap-2">
            <TriangleAlert className="size-8 shrink-0 text-primary" aria-hidden />
            <h1 className="text-2xl font-bold">{text.title}</h1>
          </div>
          <p className="text-sm text-muted-foreground">{text.text}</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <button
              type="button"
              className={`${BUTTON} bg-primary text-primary-foreground hover:bg-primary/90`}
              onClick={() => window.location.reload()}
            >
              <RotateCw aria-hidden />
              {text.reload}
            </button>
            {/* A full page load: whatever broke here starts afresh. */}
            <a href="/" className={`${BUTTON} border border-input bg-background hover:bg-secondary hover:text-secondary-foreground`}>
              <Home aria-hidden />
              {text.home}
            </a>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}
