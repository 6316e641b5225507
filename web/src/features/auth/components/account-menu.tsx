import LogoutIcon from '@mui/icons-material/Logout';
import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { CurrentUser } from '../../../lib/current-user';
import { accountLinksFor, initialsOf } from '../utils/roles';
import { useSignOut } from './use-sign-out';

export function AccountMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('auth');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const signOut = useSignOut();
  const menuId = useId();
  const close = () => setAnchor(null);
  const name = `${user.firstName} ${user.lastName}`;
  const initials = initialsOf(user);

  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        // The name starts with the initials shown (WCAG 2.5.3 Label in Name), then says whose menu it is.
        aria-label={t('account.menuButton', { initials, name })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        size="small"
      >
        <Avatar sx={{ width: 38, height: 38 }}>{initials}</Avatar>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Typography component="li" role="presentation" variant="body2" sx={{ px: 2, py: 1, color: 'text.secondary' }}>
          {t('account.signedInAs', { email: user.email })}
        </Typography>
        <Divider component="li" role="presentation" />
        {accountLinksFor(user.role).map((link) => (
          <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={close}>
            {t(`account.${link.labelKey}`)}
          </MenuItem>
        ))}
        <Divider component="li" role="presentation" />
        <MenuItem
          onClick={() => {
            close();
            signOut();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
