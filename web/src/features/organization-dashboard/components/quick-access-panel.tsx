import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

const LINKS = [
  ['/organization/courses', 'dashboard.quick.courses'],
  ['/organization/bookings', 'dashboard.quick.bookings'],
  ['/organization/profile', 'dashboard.quick.profile'],
  ['/organization/reports', 'dashboard.quick.reports'],
] as const;

export function QuickAccessPanel() {
  const { t } = useTranslation('organization');
  return (
    <Card component="nav" aria-labelledby="quick-access-title">
      <CardContent>
        <Typography id="quick-access-title" component="h2" variant="h3" sx={{ mb: 1 }}>
          {t('dashboard.quick.title')}
        </Typography>
        <List disablePadding>
          {LINKS.map(([to, key]) => (
            <ListItem key={to} disablePadding>
              <ListItemButton component={RouterLink} to={to} sx={{ borderRadius: 1 }}>
                <ListItemText primary={t(key)} />
                <ChevronRightIcon aria-hidden="true" color="action" />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
