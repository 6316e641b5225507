import type { z } from 'zod';

/** The top-level fields a failed parse complains about: forms show their own wording for each. */
export function fieldsWithIssues(error: z.ZodError): Set<string> {
  return new Set(error.issues.map((issue) => String(issue.path[0] ?? '')).filter(Boolean));
}
