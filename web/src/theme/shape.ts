/** The base corner radius in pixels; cards and dialogs use multiples of it. */
export const RADIUS = 8;
