import { CLIENT_ERROR_LIMITS, clientErrorsApi, type ClientErrorReport } from '#common/contracts/client-errors.ts';

import { call } from './api.ts';

/** Sends a crash report cut to the contract's limits (loaded only when a screen breaks: lib/client-errors.ts). */
export function sendClientError(report: ClientErrorReport): Promise<void> {
  return call(clientErrorsApi.report, {
    body: {
      kind: report.kind,
      message: report.message.slice(0, CLIENT_ERROR_LIMITS.message),
      ...(report.componentStack ? { componentStack: report.componentStack.slice(0, CLIENT_ERROR_LIMITS.componentStack) } : {}),
      path: report.path.slice(0, CLIENT_ERROR_LIMITS.path),
      build: report.build.slice(0, CLIENT_ERROR_LIMITS.build),
    },
  });
}
