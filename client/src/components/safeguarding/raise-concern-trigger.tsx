import { ShieldAlert } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

import { Button, type ButtonProps } from '../ui/button.tsx';

export interface RaiseConcernTriggerProps {
  /** The person in the tree the concern is about (their name is shown); without it, the person writes the name. */
  about?: { id: string; name: string };
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  label?: string;
  className?: string;
}

/**
 * The "Raise a concern" button, shared by the dialog's trigger (concern-form.tsx) and the button that
 * loads that dialog when pressed (raise-concern-button.tsx). As an icon, its words are its name.
 */
export function RaiseConcernTrigger({
  about,
  variant = 'outline',
  size = 'sm',
  label,
  className,
  ...rest
}: RaiseConcernTriggerProps & Omit<ComponentProps<'button'>, keyof RaiseConcernTriggerProps>) {
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
      {...rest}
    >
      <ShieldAlert aria-hidden />
      {size === 'icon' ? null : (label ?? t('raise.button'))}
    </Button>
  );
}
