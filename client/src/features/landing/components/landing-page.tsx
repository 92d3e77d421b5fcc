import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAfterFirstPaint } from '../../../lib/after-first-paint.ts';
import { useLandingConfig } from '../api/get-landing-config.ts';
import { AboutSection, LeadershipSection, ValuesSection, VisionMission } from './about-sections.tsx';
import { HeroSection } from './hero-section.tsx';
import { LandingFooter } from './landing-footer.tsx';
import { LandingHeader } from './landing-header.tsx';
import { CallToAction, ContactSection, QaSection, WatchmomsSection } from './outreach-sections.tsx';

// The application form (and its form library) downloads only when someone opens it.
const loadWatchmomsDialog = () => import('./watchmoms-dialog.tsx');
const WatchmomsDialog = lazy(loadWatchmomsDialog);

/** The public landing page (spec section 2). */
export default function LandingPage() {
  const { t } = useTranslation(['landing', 'common']);
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
    <div data-testid="landing-page" id="top" className="min-h-dvh bg-background">
      <a href="#main" className="sr-only z-50 rounded-lg bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-3 focus:top-3">
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
            <WatchmomsSection onApply={openWatchmoms} onIntent={() => void loadWatchmomsDialog()} />
            <QaSection />
            <ContactSection config={config} />
            <CallToAction />
          </>
        )}
      </main>
      {belowTheFold && <LandingFooter social={config?.social} />}
      {watchmomsWanted && (
        <Suspense fallback={null}>
          <WatchmomsDialog open={watchmomsOpen} onOpenChange={setWatchmomsOpen} />
        </Suspense>
      )}
    </div>
  );
}
