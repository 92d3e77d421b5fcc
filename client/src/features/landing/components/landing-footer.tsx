import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import type { PublicConfig } from '#common/contracts/auth.ts';

import { BrandMark } from './hero-illustration.tsx';
import { sectionLinks } from './landing-header.tsx';
import { SocialLinks } from './social-links.tsx';

/** Brand, quick links to the sections, social links and the year. */
export function LandingFooter({ social }: { social: PublicConfig['social'] | undefined }) {
  const { t } = useTranslation(['landing', 'common']);
  const year = new Date().getFullYear();
  return (
    <footer className="border-t bg-card px-4 py-12">
      <div className="mx-auto grid max-w-6xl gap-10 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]">
        <div>
          <p className="flex items-center gap-2 text-lg font-extrabold text-primary">
            <BrandMark className="size-8" />
            {t('common:brandFull')}
          </p>
          <p className="mt-3 max-w-xs text-muted-foreground">{t('footer.tagline')}</p>
        </div>
        <nav aria-labelledby="footer-links-title">
          <h2 id="footer-links-title" className="mb-3 text-sm font-semibold">
            {t('footer.quickLinks')}
          </h2>
          <ul className="flex flex-col gap-2 text-muted-foreground">
            {sectionLinks.map((id) => (
              <li key={id}>
                <a href={`#${id}`} className="hover:text-foreground hover:underline">
                  {t(`nav.${id}`)}
                </a>
              </li>
            ))}
            <li>
              <Link href="/soul-health-check" className="hover:text-foreground hover:underline">
                {t('footer.wellness')}
              </Link>
            </li>
            <li>
              <Link href="/privacy" className="hover:text-foreground hover:underline">
                {t('footer.privacy')}
              </Link>
            </li>
          </ul>
        </nav>
        <SocialLinks social={social} />
      </div>
      <p className="mx-auto mt-10 max-w-6xl border-t pt-6 text-sm text-muted-foreground">{t('footer.rights', { year })}</p>
    </footer>
  );
}
