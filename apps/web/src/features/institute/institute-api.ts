/**
 * The institute config for forms (DESIGN §8): the endpoint lives in institute-query.ts; this module
 * adds the contract defaults (spec §5) for screens that must not wait on the config.
 */
import { instituteConfig, type InstituteConfig } from '@campus/contract/institute';
import { instituteApi } from './institute-query';

export { instituteApi, useInstituteInfo } from './institute-query';

/** The spec's defaults (spec §5), used while the config loads or when it cannot be fetched. */
export const DEFAULT_INSTITUTE: InstituteConfig = instituteConfig.parse({});

/**
 * The institute config for screens: the server's config when loaded, else the contract defaults,
 * so forms and hints never wait on it.
 */
export function useInstitute(): InstituteConfig {
  const { data } = instituteApi.useGetInstituteQuery();
  return data ? { ...DEFAULT_INSTITUTE, ...data } : DEFAULT_INSTITUTE;
}
