import { accountApi } from '#common/contracts/auth-paths.ts';
import type { CurrentUser } from '#common/contracts/auth.ts';

import { toast } from '../components/ui/toast.tsx';
import { call } from '../lib/api.ts';
import { currentUserQuery } from '../lib/current-user.ts';
import i18n from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';

/**
 * A signed-in person's mail follows the language they switch to (the account's language endpoint). When the
 * server refuses or cannot be reached, the account keeps its language: the person is told, and the
 * cached account says the old language again, so the next switch tries once more.
 */
export function followLanguageOnAccount(lng: string): Promise<void> {
  const user = queryClient.getQueryData(currentUserQuery.queryKey);
  const locale: CurrentUser['locale'] = lng === 'fr' ? 'fr' : 'en';
  if (!user || user.locale === locale) return Promise.resolve();
  const previous = user.locale;
  queryClient.setQueryData(currentUserQuery.queryKey, (u) => (u ? { ...u, locale } : u));
  return call(accountApi.locale, { body: { locale } }).then(
    () => undefined,
    () => {
      queryClient.setQueryData(currentUserQuery.queryKey, (u) => (u && u.locale === locale ? { ...u, locale: previous } : u));
      toast({ variant: 'destructive', title: i18n.t('common:errors.title'), description: i18n.t('common:languageNotSaved') });
    },
  );
}
