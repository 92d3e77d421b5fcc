import { Share2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { trackPagePaths } from '#common/contracts/track.ts';

/**
 * The follow-up step's link to the 7-day track (docs/decisions/074): a visitor who opens it signs up
 * and lands in the track. The link names nobody; a mentoring link still needs both people's yes.
 */
export function TrackShare() {
  const { t } = useTranslation('evangelism');
  const id = useId();
  const url = `${window.location.origin}${trackPagePaths.track}`;
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: t('witnessing.share.title'), url });
        return;
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') return; // the sheet was closed
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t('witnessing.share.copied'), description: t('witnessing.share.copiedText') });
    } catch {
      toast({ variant: 'destructive', title: t('witnessing.share.failed'), description: t('witnessing.share.failedText') });
    }
  };
  return (
    <div className="mt-2 flex flex-col gap-2 rounded-xl border border-dashed p-3" data-testid="track-share">
      <p className="text-sm font-semibold">{t('witnessing.share.title')}</p>
      <p className="text-sm text-muted-foreground">{t('witnessing.share.text')}</p>
      <label htmlFor={id} className="sr-only">
        {t('witnessing.share.label')}
      </label>
      <input
        id={id}
        readOnly
        value={url}
        onFocus={(e) => e.currentTarget.select()}
        className="w-full rounded-lg border bg-background px-3 py-2 font-mono text-sm"
        data-testid="track-share-url"
      />
      <Button variant="outline" size="sm" className="self-start" onClick={() => void share()}>
        <Share2 aria-hidden />
        {t('witnessing.share.button')}
      </Button>
    </div>
  );
}
