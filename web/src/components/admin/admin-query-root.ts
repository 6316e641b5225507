/** The first element of the administrators' query keys: lists, figures and histories (kept out of the public pages' code). */
export const adminRoot = ['admin'] as const;
