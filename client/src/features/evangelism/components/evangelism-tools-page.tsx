import { BookOpenText, Compass, Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageHeader } from '#client/components/layout/page-header.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';

import { Resources } from './resources.tsx';
import { ScriptureMemory } from './scripture-memory.tsx';
import { emptyTestimony, TestimonyBuilder, type TestimonyDraft } from './testimony-builder.tsx';
import { WitnessingGuide } from './witnessing-guide.tsx';

/** /evangelism-tools: scripture memory, the witnessing guide with the testimony builder, and resources. */
export default function EvangelismToolsPage() {
  const { t } = useTranslation(['evangelism', 'common']);
  // Kept here so the testimony survives switching tabs.
  const [testimony, setTestimony] = useState<TestimonyDraft>(emptyTestimony);
  return (
    <div data-testid="evangelism-tools" className="min-h-dvh bg-gradient-to-b from-secondary/50 to-background">
      {/* Arrow only on narrow phones, where the words would push the header off screen. */}
      <PageHeader width="max-w-5xl" back={{ href: '/dashboard', label: t('backToDashboard') }} />
      <main className="mx-auto flex max-w-5xl flex-col gap-6 px-4 pb-16">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t('title')}</h1>
          <p className="mt-2 text-lg text-muted-foreground">{t('subtitle')}</p>
        </div>
        <Tabs defaultValue="memory">
          <TabsList>
            <TabsTrigger value="memory" className="flex items-center justify-center gap-2">
              <BookOpenText className="size-4" aria-hidden />
              {t('tabs.memory')}
            </TabsTrigger>
            <TabsTrigger value="witnessing" className="flex items-center justify-center gap-2">
              <Compass className="size-4" aria-hidden />
              {t('tabs.witnessing')}
            </TabsTrigger>
            <TabsTrigger value="resources" className="flex items-center justify-center gap-2">
              <Download className="size-4" aria-hidden />
              {t('tabs.resources')}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="memory">
            <ScriptureMemory />
          </TabsContent>
          <TabsContent value="witnessing" className="flex flex-col gap-6">
            <WitnessingGuide />
            <TestimonyBuilder draft={testimony} onChange={setTestimony} />
          </TabsContent>
          <TabsContent value="resources">
            <Resources />
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}
