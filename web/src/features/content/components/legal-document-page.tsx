import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { CONTACT_EMAIL, CONTACT_PHONE } from '../../../components/layout/footer';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatLongDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { sellerQuery } from '../api/seller-queries';
import { ContentPage } from './content-page';

/**
 * The day the legal texts of this release took effect, shown on each legal page. Set at the release that
 * changes them (never computed from today's date): the terms of a booking are those of its day.
 */
export const LEGAL_LAST_UPDATED = '2026-11-25';

export type LegalDocument = 'legalNotice' | 'privacyPolicy' | 'terms' | 'cookies';

type LegalSection = { title: string; paragraphs: string[]; items?: string[]; link?: string };

/** Where a section's closing link leads; the link's words live with the section in the locale files. */
const sectionLinks: Record<LegalDocument, Record<string, string>> = {
  legalNotice: { contact: '/contact', data: '/privacy-policy' },
  privacyPolicy: { cookies: '/cookies' },
  terms: { data: '/privacy-policy' },
  cookies: { contact: '/privacy-policy' },
};

/** 000000000 → "000 000 000": digits in groups of the given sizes, as registers print SIREN and SIRET numbers. */
function group(digits: string, sizes: number[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/**
 * Every legal page names the seller the invoices name (publisher, controller, seller, host): its identity comes
 * from the query API (the SELLER_* configuration), never a copy here. The cookie policy needs none of it.
 */
function useSellerValues(document: LegalDocument) {
  const { t } = useTranslation('content');
  const language = useLanguage();
  const query = useQuery({ ...sellerQuery(), enabled: document !== 'cookies' });
  const seller = query.data;
  if (document === 'cookies') return { state: 'ready' as const, values: { phone: CONTACT_PHONE, email: CONTACT_EMAIL }, demonstration: false, retry: () => {} };
  if (!seller) return { state: query.isError ? ('error' as const) : ('loading' as const), values: null, demonstration: false, retry: () => void query.refetch() };
  return {
    state: 'ready' as const,
    retry: () => {},
    demonstration: seller.demonstration,
    values: {
      phone: seller.phone,
      email: seller.email,
      name: seller.name,
      legalForm: seller.legalForm,
      capital: formatMoney(seller.shareCapitalCents, language).replace(/[,.]00(?=\D*$)/u, ''),
      address: seller.address,
      siren: group(seller.siren, [3, 3, 3]),
      siret: group(seller.siret, [3, 3, 3, 5]),
      rcs: seller.rcs,
      vat: seller.vatNumber ? t('legalVatNumber', { vatNumber: seller.vatNumber }) : (seller.vatExemption ?? ''),
      director: seller.publicationDirector,
      hostingProvider: seller.hostingProvider,
      hostingAddress: seller.hostingAddress,
      hostingPhone: seller.hostingPhone,
    },
  };
}

/** The four legal pages: title, date of the last update, a table of contents, then numbered sections. */
export function LegalDocumentPage({ document }: { document: LegalDocument }) {
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const title = tc(`pages.${document}`);
  const seller = useSellerValues(document);
  if (!seller.values) {
    return (
      <ContentPage title={title} intro={t(`${document}.intro`)}>
        {seller.state === 'error' ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={seller.retry}>
                {tc('actions.retry')}
              </Button>
            }
          >
            {t('legalSellerError')}
          </Alert>
        ) : (
          <PageLoader label={t('legalSellerLoading')} />
        )}
      </ContentPage>
    );
  }
  const sections: Record<string, LegalSection> = t(`${document}.sections`, { returnObjects: true, ...seller.values });
  const entries = Object.entries(sections);
  const anchor = (key: string) => `${document}-${key}`;

  return (
    <ContentPage
      title={title}
      intro={t(`${document}.intro`)}
      meta={
        <Typography sx={{ color: 'text.secondary', fontWeight: 600, mb: 2 }}>
          {`${t('lastUpdated')} `}
          <time dateTime={LEGAL_LAST_UPDATED}>{formatLongDate(LEGAL_LAST_UPDATED, language, { weekday: false })}</time>
        </Typography>
      }
    >
      {seller.demonstration ? (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {t('legalDemonstration')}
        </Alert>
      ) : null}
      <Card component="nav" aria-labelledby={`${document}-contents`} sx={{ mb: { xs: 4, md: 5 } }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Typography id={`${document}-contents`} component="h2" variant="h5" sx={{ mb: 1 }}>
            {t('legalContents')}
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 3, columns: { md: 2 }, columnGap: 4 }}>
            {entries.map(([key, section]) => (
              <Box component="li" key={key} sx={{ py: 0.5, breakInside: 'avoid' }}>
                <Link href={`#${anchor(key)}`}>{section.title}</Link>
              </Box>
            ))}
          </Box>
        </CardContent>
      </Card>
      <Stack spacing={{ xs: 3.5, md: 4 }}>
        {entries.map(([key, section], index) => {
          const to = sectionLinks[document][key];
          return (
            <Box component="section" key={key} aria-labelledby={anchor(key)}>
              <Typography id={anchor(key)} component="h2" variant="h3" sx={{ mb: 1.5, scrollMarginTop: 96 }}>
                {`${index + 1}. ${section.title}`}
              </Typography>
              {section.paragraphs.map((paragraph) => (
                <Typography key={paragraph} sx={{ mb: 1.5 }}>
                  {paragraph}
                </Typography>
              ))}
              {section.items ? (
                <Box component="ul" sx={{ mt: 0, mb: 1.5, pl: 3, '& li': { mb: 0.75 } }}>
                  {section.items.map((item) => (
                    <Typography component="li" key={item}>
                      {item}
                    </Typography>
                  ))}
                </Box>
              ) : null}
              {section.link && to ? (
                <Link component={RouterLink} to={to} sx={{ fontWeight: 600 }}>
                  {section.link}
                </Link>
              ) : null}
            </Box>
          );
        })}
      </Stack>
    </ContentPage>
  );
}
