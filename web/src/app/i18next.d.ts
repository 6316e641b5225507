import type { resources } from './i18n-resources';
import type { organizationResources } from './routes/organization/locales/resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    // Staff namespaces are types only here: their texts load with their lazy area.
    resources: (typeof resources)['fr'] & { organization: (typeof organizationResources)['fr'] };
  }
}
