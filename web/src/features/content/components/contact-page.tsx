import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ContactDetails } from './contact-details';
import { ContactForm } from './contact-form';
import { ContentPage } from './content-page';

/** `/contact`: the message form beside the company's details and opening hours. */
export function ContactPage() {
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation();

  return (
    <ContentPage title={tc('pages.contact')} intro={t('contact.intro')} maxWidth="lg">
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card component="section" aria-labelledby="contact-form-title">
            <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
              <Typography id="contact-form-title" component="h2" variant="h3" sx={{ mb: 2 }}>
                {t('contact.form.title')}
              </Typography>
              <ContactForm labelledBy="contact-form-title" />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card component="section" aria-labelledby="contact-details-title" sx={{ height: '100%' }}>
            <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
              <ContactDetails headingId="contact-details-title" />
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </ContentPage>
  );
}
