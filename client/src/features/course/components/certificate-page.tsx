import { useTranslation } from 'react-i18next';

export default function CertificatePage() {
  const { t } = useTranslation();
  return <main className="p-6"><h1 className="text-2xl font-bold">{t('brand')}</h1></main>;
}
