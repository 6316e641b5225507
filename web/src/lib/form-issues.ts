import type { z } from 'zod';
import { PERSON_NAME_RULE } from '@recup/shared-events/text/visible-text';

/** The top-level fields a failed parse complains about: forms show their own wording for each. */
export function fieldsWithIssues(error: z.ZodError): Set<string> {
  return new Set(error.issues.map((issue) => String(issue.path[0] ?? '')).filter(Boolean));
}

/** The fields refused because a name holds something else than letters, spaces, apostrophes and hyphens. */
export function fieldsWithNameIssues(error: z.ZodError): Set<string> {
  const broken = error.issues.filter((issue) => issue.code === 'custom' && (issue.params as { rule?: string } | undefined)?.rule === PERSON_NAME_RULE);
  return new Set(broken.map((issue) => String(issue.path[0] ?? '')).filter(Boolean));
}
