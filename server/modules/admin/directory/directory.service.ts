import { Readable } from 'node:stream';

import {
  exportBooleans,
  exportHeaders,
  exportRoleNames,
  type AdminStats,
  type DirectoryFilter,
  type DirectoryPage,
} from '#common/contracts/admin.ts';
import type { ContentLanguage } from '#common/contracts/course.ts';

import { actorId, type Actor } from '../admin-shared.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { DirectoryRepository } from './directory.repository.ts';

/**
 * Spreadsheet programs run cells that start with these as formulas; a leading quote keeps them text
 * (OWASP "CSV injection"). Phone numbers are the exception (decision 040): "+" then only digits,
 * spaces, brackets, dots and dashes holds no function, link or command, so it keeps its "+" without
 * a quote the reader would see. Anything else in the phone column is quoted like every other cell.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_PHONE = /^\+[0-9][0-9 ().-]*$/;
function csvCell(value: string | number | null, { isPhone = false } = {}): string {
  let s = value === null ? '' : String(value);
  if (FORMULA_START.test(s) && !(isPhone && PLAIN_PHONE.test(s))) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
const PHONE_COLUMN = 3;
const csvLine = (cells: (string | number | null)[]) => `${cells.map((c, i) => csvCell(c, { isPhone: i === PHONE_COLUMN })).join(',')}\r\n`;

const EXPORT_BATCH = 2000;

interface Deps {
  directoryRepo: DirectoryRepository;
  auditRepo: AuditRepository;
}

export const directoryServiceFactory = ({ directoryRepo, auditRepo }: Deps) => ({
  async getPage({
    search,
    filter,
    page,
    pageSize,
  }: {
    search: string;
    filter: DirectoryFilter;
    page: number;
    pageSize: number;
  }): Promise<DirectoryPage> {
    const { rows, total, founderCount } = await directoryRepo.findPage({ search, filter, offset: (page - 1) * pageSize, limit: pageSize });
    return { users: rows.map(({ createdAt: _c, cursor: _k, total: _t, ...row }) => row), total, page, pageSize, founderCount };
  },

  getStats: (): Promise<AdminStats> => directoryRepo.findStats(),

  /**
   * The directory (current search and filter) as CSV, streamed in batches so 100,000 rows never sit
   * in memory at once. The export itself is audited: it carries personal data.
   */
  async exportCsv({
    actor,
    search,
    filter,
    lang,
  }: {
    actor: Actor;
    search: string;
    filter: DirectoryFilter;
    lang: ContentLanguage;
  }): Promise<Readable> {
    await auditRepo.insert({
      actorId: actorId(actor),
      action: 'directory.exported',
      targetType: 'directory',
      targetId: null,
      details: { isSearch: search !== '', filter },
    });
    const yesNo = (b: boolean) => exportBooleans[lang][b ? 1 : 0];
    async function* lines() {
      // A byte-order mark so spreadsheet programs read the accents as UTF-8.
      yield `\uFEFF${csvLine([...exportHeaders[lang]])}`;
      for await (const rows of directoryRepo.streamAll({ search, filter, batch: EXPORT_BATCH })) {
        yield rows
          .map((r) =>
            csvLine([
              r.firstName,
              r.lastName,
              r.email,
              r.phone,
              r.address,
              exportRoleNames[lang][r.role],
              r.courseProgress,
              yesNo(r.courseCompleted),
              r.completedDisciplesCount,
              r.pendingDisciplesCount,
              yesNo(r.isAmbassadorEligible),
              yesNo(r.isCoordinatorEligible),
              r.createdAt.toISOString().slice(0, 10),
            ]),
          )
          .join('');
      }
    }
    return Readable.from(lines());
  },
});
export type DirectoryService = ReturnType<typeof directoryServiceFactory>;
