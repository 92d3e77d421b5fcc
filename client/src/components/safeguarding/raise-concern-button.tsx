import { ShieldAlert } from 'lucide-react';
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '../ui/button.tsx';
import type { RaiseConcernDialog as Dialog } from './concern-form.tsx';

type Props = Omit<ComponentProps<typeof Dialog>, 'defaultOpen'>;

const load = () => import('./concern-form.tsx');
const RaiseConcernDialog = lazy(() => load().then((m) => ({ default: m.RaiseConcernDialog })));
const preload = () => void load().catch(() => {});

/**
 * "Raise a concern" where the screen around it has no form (the dashboard's mentor, the tree): the
 * same button as concern-form.tsx's, whose dialog, form and zod (about 45 KB gzip) are downloaded
 * when the pointer or the focus reaches it, and open once pressed (docs/decisions/078). Until then
 * the first screen does not carry them.
 */
export function RaiseConcernButton(props: Props) {
  const [isWanted, setIsWanted] = useState(false);
  if (!isWanted) return <Trigger {...props} onPointerEnter={preload} onFocus={preload} onClick={() => setIsWanted(true)} />;
  return (
    <Suspense fallback={<Trigger {...props} disabled />}>
      <RaiseConcernDialog {...props} defaultOpen />
    </Suspense>
  );
}

function Trigger({
  about,
  variant = 'outline',
  size = 'sm',
  label,
  className,
  ...events
}: Props & Pick<ComponentProps<'button'>, 'onPointerEnter' | 'onFocus' | 'onClick' | 'disabled'>) {
  const { t } = useTranslation('safeguarding');
  const buttonText = label ?? (about ? t('raise.buttonAbout', { name: about.name }) : t('raise.button'));
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      data-testid="raise-concern-button"
      aria-label={size === 'icon' ? buttonText : undefined}
      title={size === 'icon' ? buttonText : undefined}
      {...events}
    >
      <ShieldAlert aria-hidden />
      {size === 'icon' ? null : (label ?? t('raise.button'))}
    </Button>
  );
}
