/** How long a walk through every page and dialog may take on a busy machine before it counts as a hang. */
export const WALK_TIMEOUT_MS = 900_000;
