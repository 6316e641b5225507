import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageContainer } from '../../../components/layout/page-container';

/** The account pages reached from e-mails: a title over one narrow column holding the current step. */
export function AccountPageLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageContainer title={title} maxWidth="sm">
      <Typography component="h1" variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, mb: 3, textAlign: 'center' }}>
        {title}
      </Typography>
      {children}
    </PageContainer>
  );
}

/** A form step: what to do, then the form. */
export function FormCard({ intro, children }: { intro: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {intro}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
