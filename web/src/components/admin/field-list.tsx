import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** A record's fields as term and definition pairs: two columns on a wide screen, stacked on a phone. */
export function FieldList({ items }: { items: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, auto) 1fr' }, columnGap: 2, rowGap: { xs: 0.25, sm: 1 }, m: 0 }}>
      {items.map(([term, definition]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', mt: { xs: 1, sm: 0 } }}>
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {definition ?? '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A titled part of a detail view. */
export function DetailSection({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Box>
  );
}

/** A record's fields under a title, with a link to its related records (a course's bookings, a centre's courses). */
export function DetailFields({ title, link, items }: { title: string; link: { to: string; label: string }; items: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <DetailSection
      title={title}
      action={
        <Button component={RouterLink} to={link.to} size="small">
          {link.label}
        </Button>
      }
    >
      <FieldList items={items} />
    </DetailSection>
  );
}
