import type { CourseDto } from '@recup/query-api/contracts';
import { isBookable } from '../features/courses/utils/availability';
import type { Language } from '../lib/language';
import type { ServerHead } from '../lib/use-document-title';

const escapeHtml = (text: string) => text.replace(/[<>&"']/g, (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": '#39' }[char]};`);

/** JSON inside a <script> element: nothing in it may close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** The address of a page in one language: `?lang=` chooses it (the server writes the page in that language). */
function addressIn(siteUrl: string, pathname: string, searchParams: URLSearchParams, language: Language | null): string {
  const params = new URLSearchParams(searchParams);
  params.delete('lang');
  params.delete('t');
  if (language) params.set('lang', language);
  const query = params.toString();
  return `${siteUrl}${pathname}${query ? `?${query}` : ''}`;
}

/** schema.org: the course as an educational event, its offer, its place and the approved centre that runs it. */
function courseStructuredData(course: CourseDto, url: string, language: Language) {
  return {
    '@context': 'https://schema.org',
    '@type': 'EducationEvent',
    name: language === 'en' ? course.titleEn : course.title,
    description: language === 'en' ? course.descriptionEn : course.description,
    startDate: course.startDate,
    endDate: course.endDate,
    eventStatus: course.status === 'CANCELLED' ? 'https://schema.org/EventCancelled' : 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    inLanguage: 'fr',
    url,
    location: {
      '@type': 'Place',
      name: course.city,
      address: { '@type': 'PostalAddress', streetAddress: course.address, postalCode: course.postalCode, addressLocality: course.city, addressCountry: 'FR' },
    },
    offers: {
      '@type': 'Offer',
      price: (course.price / 100).toFixed(2),
      priceCurrency: 'EUR',
      availability: isBookable(course) ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      url,
    },
    organizer: {
      '@type': 'Organization',
      name: course.organization.name,
      ...(course.organization.prefectApprovalReference ? { identifier: course.organization.prefectApprovalReference } : {}),
    },
    maximumAttendeeCapacity: course.totalSpots,
    remainingAttendeeCapacity: Math.max(0, course.spotsLeft),
  };
}

/** The page's <head> lines: title, description, canonical address, its French and English addresses, structured data. */
export function headOfPage(page: {
  head: ServerHead;
  pathname: string;
  searchParams: URLSearchParams;
  siteUrl: string;
  language: Language;
  course: CourseDto | undefined;
  indexable: boolean;
}): string {
  const { head, pathname, searchParams, siteUrl, language, course } = page;
  // The address asked for, as it is: a page whose language the visitor's browser chose (Accept-Language, cookie) is
  // still the page of its plain address, which search engines know as the French one; `?lang=en` is the English one.
  const canonical = addressIn(siteUrl, pathname, searchParams, searchParams.get('lang') === 'en' ? 'en' : null);
  const lines = [`<title>${escapeHtml(head.title)}</title>`, `<meta name="description" content="${escapeHtml(head.description)}" />`];
  if (page.indexable) {
    lines.push(
      `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
      `<link rel="alternate" hreflang="fr" href="${escapeHtml(addressIn(siteUrl, pathname, searchParams, null))}" />`,
      `<link rel="alternate" hreflang="en" href="${escapeHtml(addressIn(siteUrl, pathname, searchParams, 'en'))}" />`,
      `<link rel="alternate" hreflang="x-default" href="${escapeHtml(addressIn(siteUrl, pathname, searchParams, null))}" />`,
      `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
      `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
      `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    );
  } else {
    lines.push('<meta name="robots" content="noindex" />');
  }
  if (course) lines.push(`<script type="application/ld+json">${scriptJson(courseStructuredData(course, canonical, language))}</script>`);
  return lines.join('');
}
