import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAfterFirstPaint } from '#client/lib/after-first-paint.ts';
import type { PublicConfig } from '#common/contracts/auth.ts';

import { useLandingConfig } from '../api/get-landing-config.ts';
import { AboutSection, LeadershipSection, ValuesSection, VisionMission } from './about-sections.tsx';
import { HeroSection } from './hero-section.tsx';
import { LandingFooter } from './landing-footer.tsx';
import { LandingHeader } from './landing-header.tsx';
import { CallToAction, ContactSection, QaSection, WatchmomsSection } from './outreach-sections.tsx';

// The application form (and its form library) downloads only when someone opens it.
const loadWatchmomsDialog = () => import('./watchmoms-dialog.tsx');
const WatchmomsDialog = lazy(loadWatchmomsDialog);

/** The public landing page (spec section 2), as the app shows it (a signed-out user, a client-side navigation). */
export default function LandingPage() {
  const config = useLandingConfig();
  // The header and the hero paint first; the sections below and the footer follow (lib/after-first-paint.ts).
  const belowTheFold = useAfterFirstPaint();
  const [watchmomsOpen, setWatchmomsOpen] = useState(false);
  const [watchmomsWanted, setWatchmomsWanted] = useState(false);
  const openWatchmoms = () => {
    setWatchmomsWanted(true);
    setWatchmomsOpen(true);
  };

  return (
    <>
      <LandingContent config={config} belowTheFold={belowTheFold} onApply={openWatchmoms} onIntent={() => void loadWatchmomsDialog()} />
      {watchmomsWanted && (
        <Suspense fallback={null}>
          <WatchmomsDialog open={watchmomsOpen} onOpenChange={setWatchmomsOpen} />
        </Suspense>
      )}
    </>
  );
}

interface ContentProps {
  config: PublicConfig | undefined;
  belowTheFold: boolean;
  onApply?: () => void;
  onIntent?: () => void;
}

/**
 * The page itself. The server's prerendered copy (app/prerender.tsx, docs/decisions/057) renders it
 * whole, with the server's configuration and no handlers: its small script gives the buttons their work.
 */
export function LandingContent({ config, belowTheFold, onApply, onIntent }: ContentProps) {
  const { t } = useTranslation(['landing', 'common']);
  return (
    <div data-testid="landing-page" id="top" className="min-h-dvh bg-background">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        {t('skipToContent')}
      </a>
      <LandingHeader />
      <main id="main">
        <HeroSection />
        {belowTheFold && (
          <>
            <AboutSection />
            <ValuesSection />
            <VisionMission />
            <LeadershipSection />
            <WatchmomsSection onApply={onApply} onIntent={onIntent} />
            <QaSection />
            <ContactSection config={config} />
            <CallToAction />
          </>
        )}
      </main>
      {belowTheFold && <LandingFooter social={config?.social} />}
    </div>
  );
}
