import type { Db } from '../../db/client.ts';
import { accountsRepositoryFactory } from './accounts/accounts.repository.ts';
import { accountsServiceFactory } from './accounts/accounts.service.ts';
import { applicationsRepositoryFactory } from './applications/applications.repository.ts';
import { applicationsServiceFactory } from './applications/applications.service.ts';
import type { ApplicationDecisionHooks } from './applications/decision-mail.ts';
import { auditRepositoryFactory } from './audit/audit.repository.ts';
import { auditServiceFactory } from './audit/audit.service.ts';
import { callbacksRepositoryFactory } from './callbacks/callbacks.repository.ts';
import { callbacksServiceFactory } from './callbacks/callbacks.service.ts';
import { directoryRepositoryFactory } from './directory/directory.repository.ts';
import { directoryServiceFactory } from './directory/directory.service.ts';
import { insightsRepositoryFactory } from './insights/insights.repository.ts';
import { insightsServiceFactory } from './insights/insights.service.ts';
import { rolesRepositoryFactory } from './roles/roles.repository.ts';
import { rolesServiceFactory } from './roles/roles.service.ts';
import { watchmomsRepositoryFactory } from './watchmoms/watchmoms.repository.ts';
import { watchmomsServiceFactory } from './watchmoms/watchmoms.service.ts';

/** The admin console's services, each given only the repositories it uses. Also used by the users CLI. */
export function adminServicesFactory(db: Db, { decisionHooks }: { decisionHooks?: ApplicationDecisionHooks } = {}) {
  const auditRepo = auditRepositoryFactory(db);
  const rolesRepo = rolesRepositoryFactory(db);
  return {
    directory: directoryServiceFactory({ directoryRepo: directoryRepositoryFactory(db), auditRepo }),
    roles: rolesServiceFactory({ db, rolesRepo, auditRepo }),
    accounts: accountsServiceFactory({ db, accountsRepo: accountsRepositoryFactory(db), auditRepo }),
    callbacks: callbacksServiceFactory({ db, callbacksRepo: callbacksRepositoryFactory(db), auditRepo }),
    watchmoms: watchmomsServiceFactory({ db, watchmomsRepo: watchmomsRepositoryFactory(db), auditRepo }),
    applications: applicationsServiceFactory({
      db,
      applicationsRepo: applicationsRepositoryFactory(db),
      rolesRepo,
      auditRepo,
      decisionHooks,
    }),
    audit: auditServiceFactory({ auditRepo }),
    insights: insightsServiceFactory({ insightsRepo: insightsRepositoryFactory(db) }),
  };
}
