/** The hero picture: a sunrise over hills with an open book, drawn in the theme's colours (no image download). */
export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 400 320" role="presentation" aria-hidden="true" focusable="false" className={className} width="400" height="320">
      <defs>
        <clipPath id="hero-frame">
          <rect width="400" height="320" rx="44" />
        </clipPath>
      </defs>
      <g clipPath="url(#hero-frame)">
        <rect width="400" height="320" className="fill-secondary" opacity="0.7" />
        <g className="text-gold">
          {/* currentColor in the stops is the gold of this group. */}
          <defs>
            <radialGradient id="hero-glow" cx="50%" cy="62%" r="55%">
              <stop offset="0%" stopColor="currentColor" stopOpacity="0.35" />
              <stop offset="100%" stopColor="currentColor" stopOpacity="0" />
            </radialGradient>
          </defs>
          <circle cx="200" cy="200" r="170" fill="url(#hero-glow)" />
        </g>
        {/* Sun and rays */}
        <g className="fill-gold stroke-gold">
          <circle cx="200" cy="196" r="58" />
          {Array.from({ length: 11 }, (_, i) => {
            const angle = Math.PI + (i * Math.PI) / 10;
            const x1 = 200 + Math.cos(angle) * 76;
            const y1 = 196 + Math.sin(angle) * 76;
            const x2 = 200 + Math.cos(angle) * (i % 2 ? 100 : 112);
            const y2 = 196 + Math.sin(angle) * (i % 2 ? 100 : 112);
            return <line key={i} x1={x1} y1={y1} x2={x2} y2={y2} strokeWidth="6" strokeLinecap="round" />;
          })}
        </g>
        {/* Hills */}
        <path d="M0 236 C70 196 130 206 200 230 C270 254 330 214 400 224 L400 320 L0 320 Z" className="fill-primary" opacity="0.35" />
        <path d="M0 262 C90 228 150 250 220 262 C290 274 340 246 400 254 L400 320 L0 320 Z" className="fill-primary" opacity="0.6" />
        <path d="M0 290 C100 268 190 286 260 290 C320 294 360 280 400 284 L400 320 L0 320 Z" className="fill-primary" />
        {/* Open book */}
        <g transform="translate(200 262)">
          <path
            d="M0 -4 C-22 -18 -52 -20 -78 -12 L-78 34 C-52 26 -22 28 0 42 Z"
            className="fill-card stroke-primary"
            strokeWidth="3"
            strokeLinejoin="round"
          />
          <path
            d="M0 -4 C22 -18 52 -20 78 -12 L78 34 C52 26 22 28 0 42 Z"
            className="fill-card stroke-primary"
            strokeWidth="3"
            strokeLinejoin="round"
          />
          <g className="stroke-primary" strokeWidth="2.5" strokeLinecap="round" opacity="0.55">
            <path d="M-62 2 C-46 -3 -28 -2 -14 4" fill="none" />
            <path d="M-62 13 C-46 8 -28 9 -14 15" fill="none" />
            <path d="M-62 24 C-46 19 -28 20 -14 26" fill="none" />
            <path d="M62 2 C46 -3 28 -2 14 4" fill="none" />
            <path d="M62 13 C46 8 28 9 14 15" fill="none" />
            <path d="M62 24 C46 19 28 20 14 26" fill="none" />
          </g>
        </g>
        {/* Birds */}
        <g className="stroke-foreground" strokeWidth="2.5" fill="none" strokeLinecap="round" opacity="0.5">
          <path d="M86 92 q8 -8 16 0 q8 -8 16 0" />
          <path d="M292 70 q6 -6 12 0 q6 -6 12 0" />
          <path d="M316 110 q5 -5 10 0 q5 -5 10 0" />
        </g>
      </g>
    </svg>
  );
}

/** The brand mark: a small sunrise, used in the header and footer. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className} width="32" height="32">
      <rect width="32" height="32" rx="9" className="fill-primary" />
      <circle cx="16" cy="19" r="6" className="fill-gold" />
      <g className="stroke-gold" strokeWidth="2" strokeLinecap="round">
        <line x1="16" y1="6" x2="16" y2="9" />
        <line x1="7" y1="10" x2="9" y2="12" />
        <line x1="25" y1="10" x2="23" y2="12" />
      </g>
      <path d="M4 24 C10 20 22 20 28 24 L28 28 L4 28 Z" className="fill-primary-foreground" opacity="0.9" />
    </svg>
  );
}
