/**
 * The institute config for forms (docs/design.md §8): the endpoint lives in institute-query.ts; this module
 * adds the contract defaults (docs/product-spec.md §5) for screens that must not wait on the config. Zod-free, so
 * the sign-up form does not build the config schemas.
 */
import { INSTITUTE_FORM_DEFAULTS, type InstituteFormOptions } from '@campus/contract/institute-ui';
import { instituteApi } from './institute-query';

export { instituteApi, useInstituteInfo } from './institute-query';

/**
 * The form options of the institute config (e-mail domain, branches, semesters, hostels): the
 * server's when loaded, else the spec's defaults, so forms and hints never wait on it.
 */
export function useInstitute(): InstituteFormOptions {
  const { data } = instituteApi.useGetInstituteQuery();
  if (!data) return INSTITUTE_FORM_DEFAULTS;
  const { emailDomain, branches, semesters, hostels } = data;
  return { emailDomain, branches, semesters, hostels };
}
