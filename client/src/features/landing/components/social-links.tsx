import { Facebook, Instagram, Music2, Youtube } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { PublicConfig } from '#common/contracts/auth.ts';

const XLogo = () => (
  <svg
    viewBox="0 0 24 24"
    aria-hidden="true"
    focusable="false"
    className="size-4"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.2"
    strokeLinecap="round"
  >
    <path d="M4 4 L20 20 M20 4 L4 20" />
  </svg>
);

const icons: Record<keyof PublicConfig['social'], ReactNode> = {
  facebook: <Facebook aria-hidden className="size-4" />,
  instagram: <Instagram aria-hidden className="size-4" />,
  youtube: <Youtube aria-hidden className="size-4" />,
  tiktok: <Music2 aria-hidden className="size-4" />,
  x: <XLogo />,
};

/** One icon link per configured social account; nothing at all when none is configured. */
export function SocialLinks({ social }: { social: PublicConfig['social'] | undefined }) {
  const { t } = useTranslation('landing');
  const entries = Object.entries(social ?? {}).filter((e): e is [keyof PublicConfig['social'], string] => !!e[1]);
  if (entries.length === 0) return null;
  return (
    <div>
      <h2 className="mb-3 text-sm font-semibold">{t('footer.follow')}</h2>
      <ul className="flex flex-wrap gap-2" data-testid="social-links">
        {entries.map(([name, url]) => (
          <li key={name}>
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t(`footer.social.${name}`)}
              className="inline-flex size-10 items-center justify-center rounded-full border bg-background text-foreground transition hover:bg-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {icons[name]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
