import { z } from 'zod';

import { endpoint } from './endpoint.ts';

/** The probes an operator, a load balancer or the app asks (docs/decisions/083): public, no database but for readiness. */
export const healthApi = {
  /** Liveness: the process answers. */
  health: endpoint('GET', '/api/health', { response: { 200: z.object({ status: z.literal('ok') }) } }),
  /** Readiness: the database answers too. */
  ready: endpoint('GET', '/api/ready', { response: { 200: z.object({ status: z.literal('ready') }) } }),
  /** The release running (package.json's version), so an operator can tell which instance runs what. */
  version: endpoint('GET', '/api/version', { response: { 200: z.object({ version: z.string() }) } }),
};
