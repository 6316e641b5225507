/** What the layout (header, footer, sign-in buttons) shows on every page: loaded before the first render. */
export const SHELL_NAMESPACES = ['common', 'auth'] as const;
