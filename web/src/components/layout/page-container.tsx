import Container from '@mui/material/Container';
import type { Breakpoint } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The body of a page: sets the tab title and description, and keeps the content to a readable width. */
export function PageContainer({
  title,
  documentTitle,
  description,
  children,
  maxWidth = 'lg',
}: {
  title: string | null;
  /** The page's description for search engines, in the language shown; the site's own when absent. */
  description?: string | null;
  /** The tab's and search engines' title when it says more than the page's heading (a course's city, dates and price). */
  documentTitle?: string;
  children: ReactNode;
  maxWidth?: Breakpoint;
}) {
  useDocumentTitle(documentTitle ?? title, description);
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 3, md: 5 } }}>
      {children}
    </Container>
  );
}
