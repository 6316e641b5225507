/**
 * The APIs' zod contracts, loaded on demand in chunks of their own (with zod): the public pages validate their
 * answers with them without carrying zod in their first paint's JavaScript. Use as an api-client `schema`, e.g.
 * `schema: () => queryContracts().then((contracts) => contracts.CourseDto)`.
 */
export const queryContracts = () => import('@recup/query-api/contracts');
export const commandContracts = () => import('@recup/command-api/contracts');
