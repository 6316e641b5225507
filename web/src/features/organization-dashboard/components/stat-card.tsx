import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function StatCard({ icon, label, value, caption, testId }: { icon: ReactNode; label: string; value: string; caption: ReactNode; testId?: string }) {
  return (
    <Card sx={{ height: '100%' }} data-testid={testId}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Box aria-hidden="true" sx={{ color: 'primary.main', bgcolor: 'action.hover', borderRadius: 2, p: 1, display: 'flex' }}>
          {icon}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" component="h2">
            {label}
          </Typography>
          <Typography sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.2, my: 0.5 }}>{value}</Typography>
          <Typography variant="body2" color="text.secondary" component="div">
            {caption}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
