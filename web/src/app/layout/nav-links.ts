export const NAV_LINKS = [
  { to: '/', labelKey: 'nav.home' },
  { to: '/courses', labelKey: 'nav.courses' },
  { to: '/how-it-works', labelKey: 'nav.howItWorks' },
  { to: '/faq', labelKey: 'nav.faq' },
  { to: '/contact', labelKey: 'nav.contact' },
] as const;
