import { LifeBuoy, Mail, MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Card, CardContent } from '#client/components/ui/card.tsx';
import { usePublicConfig } from '#client/lib/public-config.ts';

import { whatsappLink } from '../utils/lesson-status.ts';
import { KickerCardHeader } from './kicker-card-header.tsx';

/** Support section of the dashboard: email and WhatsApp from the server's configuration. */
export function SupportCard() {
  const { t } = useTranslation('course');
  const { data } = usePublicConfig();
  return (
    <Card data-testid="support-card">
      <KickerCardHeader icon={<LifeBuoy aria-hidden />} kicker={t('support.kicker')} title={t('support.title')} text={t('support.text')} />
      {data && (
        <CardContent className="flex flex-col gap-2 text-sm">
          <a href={`mailto:${data.supportEmail}`} className="flex items-center gap-2 rounded-lg p-2 font-medium hover:bg-secondary">
            <Mail className="size-4 text-primary" aria-hidden />
            <span>{t('support.emailLine', { email: data.supportEmail })}</span>
          </a>
          <a
            href={whatsappLink(data.supportWhatsapp)}
            target="_blank"
            rel="noreferrer"
            className="flex items-center gap-2 rounded-lg p-2 font-medium hover:bg-secondary"
          >
            <MessageCircle className="size-4 text-success" aria-hidden />
            <span>{t('support.whatsappLine', { phone: data.supportWhatsapp })}</span>
          </a>
        </CardContent>
      )}
    </Card>
  );
}
