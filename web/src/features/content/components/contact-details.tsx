import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_EMAIL, CONTACT_PHONE, CONTACT_PHONE_HREF } from '../../../components/layout/footer';

function DetailRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Box aria-hidden="true" sx={{ color: 'primary.main', display: 'flex', mt: 0.25 }}>
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700 }}>{label}</Typography>
        {children}
      </Box>
    </Stack>
  );
}

/** The company's address, phone, e-mail and opening hours (specification §2, content pages). */
export function ContactDetails({ headingId }: { headingId: string }) {
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation();
  const hours: Array<[string, string]> = [
    [t('contact.info.weekdays'), t('contact.info.weekdaysHours')],
    [t('contact.info.saturday'), t('contact.info.saturdayHours')],
    [t('contact.info.sunday'), t('contact.info.closed')],
  ];

  return (
    <>
      <Typography id={headingId} component="h2" variant="h3" sx={{ mb: 2.5 }}>
        {t('contact.info.title')}
      </Typography>
      <Stack component="address" spacing={2} sx={{ fontStyle: 'normal', mb: 3 }}>
        <DetailRow icon={<PlaceOutlinedIcon />} label={t('contact.info.address')}>
          <Typography sx={{ color: 'text.secondary' }}>{tc('footer.addressValue')}</Typography>
        </DetailRow>
        <DetailRow icon={<PhoneOutlinedIcon />} label={t('contact.info.phone')}>
          <Link href={CONTACT_PHONE_HREF}>{CONTACT_PHONE}</Link>
        </DetailRow>
        <DetailRow icon={<EmailOutlinedIcon />} label={t('contact.info.email')}>
          <Link href={`mailto:${CONTACT_EMAIL}`} sx={{ wordBreak: 'break-all' }}>
            {CONTACT_EMAIL}
          </Link>
        </DetailRow>
      </Stack>
      <Typography component="h3" variant="h5" sx={{ mb: 1.5 }}>
        {t('contact.info.hoursTitle')}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, rowGap: 1, m: 0, justifyContent: 'start' }}>
        {hours.map(([days, time]) => (
          <Box key={days} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ fontWeight: 600 }}>
              {days}
            </Typography>
            <Typography component="dd" sx={{ m: 0, color: 'text.secondary' }}>
              {time}
            </Typography>
          </Box>
        ))}
      </Box>
    </>
  );
}
