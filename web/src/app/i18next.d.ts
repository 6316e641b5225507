import type { resources } from './i18n-resources';
import type { adminFr } from './routes/admin/locales/fr';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    // The staff areas' namespaces are added to i18next by their lazy chunks: typed here, loaded there.
    resources: (typeof resources)['fr'] & { admin: typeof adminFr };
  }
}
