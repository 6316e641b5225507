import Box from '@mui/material/Box';
import type { Breakpoint } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageContainer } from '../../../components/layout/page-container';

/** The frame of every content page: the tab title, the one h1, an introduction, then the page's sections. */
export function ContentPage({
  title,
  intro,
  children,
  meta,
  maxWidth = 'md',
}: {
  title: string;
  intro: string;
  children: ReactNode;
  /** Shown between the title and the introduction, such as the date of the last update. */
  meta?: ReactNode;
  maxWidth?: Breakpoint;
}) {
  return (
    <PageContainer title={title} description={intro} maxWidth={maxWidth}>
      <Box component="header" sx={{ mb: { xs: 4, md: 5 } }}>
        <Typography component="h1" variant="h1" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {meta}
        <Typography sx={{ color: 'text.secondary', fontSize: { xs: '1rem', md: '1.1rem' }, maxWidth: 760 }}>{intro}</Typography>
      </Box>
      {children}
    </PageContainer>
  );
}
