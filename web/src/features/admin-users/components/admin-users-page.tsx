import Box from '@mui/material/Box';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminUserDto } from '@recup/query-api/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminListPage, useAdminList } from '../../../components/admin/admin-list-page';
import { ConfirmDialog } from '../../../components/admin/confirm-dialog';
import { DetailFields } from '../../../components/admin/field-list';
import { RoleChip, VerifiedChip } from '../../../components/admin/status-chips';
import { useAdminMutation } from '../../../components/admin/use-admin-mutation';
import { formatShortDateTime } from '../../../components/admin/admin-format';
import { useLanguage } from '../../../lib/use-language';
import { StaleEditAlert, staleEditOf, type StaleEdit } from '../../../components/forms/stale-edit-alert';
import { adminUserQueries, changeRole, deleteUser } from '../api/user-queries';
import { userColumns } from './columns';
import { UserFormDialog } from './user-form-dialog';

const FILTERS = ['role'] as const;
const ROLES = ['USER', 'ORGANIZATION', 'ADMIN'] as const;
type Role = (typeof ROLES)[number];

function RowMenu({ user, onView, onEdit, onRole, onDelete }: { user: AdminUserDto; onView: () => void; onEdit: () => void; onRole: () => void; onDelete: () => void }) {
  const { t } = useTranslation('admin');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const run = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <>
      <IconButton aria-label={t('common.rowActions', { name })} aria-haspopup="menu" aria-expanded={anchor ? 'true' : undefined} onClick={(event) => setAnchor(event.currentTarget)} size="small" sx={{ width: 36, height: 36 }}>
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={run(onView)}>{t('users.menu.view')}</MenuItem>
        <MenuItem onClick={run(onEdit)}>{t('users.menu.edit')}</MenuItem>
        <MenuItem onClick={run(onRole)}>{t('users.menu.changeRole')}</MenuItem>
        <MenuItem onClick={run(onDelete)} sx={{ color: 'error.main' }}>
          {t('users.menu.delete')}
        </MenuItem>
      </Menu>
    </>
  );
}

/** `/admin/users` (spec 001 §2): every account; create, edit, change the role, delete; the last administrator stays. */
export function AdminUsersPage() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const list = useAdminList('users', FILTERS);
  const { state } = list;
  const query = useQuery(adminUserQueries.page(list.params));
  const [form, setForm] = useState<{ open: boolean; user: AdminUserDto | null }>({ open: false, user: null });
  const [roleOf, setRoleOf] = useState<{ user: AdminUserDto; role: Role } | null>(null);
  const [deleting, setDeleting] = useState<AdminUserDto | null>(null);
  /** A change of role refused because somebody edited the account since the list was read. */
  const [roleStale, setRoleStale] = useState<StaleEdit | null>(null);
  const role = useAdminMutation(changeRole, {
    success: () => ({ title: t('users.role.done') }), fallback: t('users.role.failed'), onSuccess: () => setRoleOf(null),
    onError: (error) => setRoleStale(staleEditOf(error)), shows: (error) => staleEditOf(error) !== null,
  });
  const remove = useAdminMutation((u: AdminUserDto) => deleteUser(u.id), {
    success: () => ({ title: t('users.delete.done') }),
    fallback: t('users.delete.failed'),
    onSuccess: () => {
      setDeleting(null);
      list.closeDetail();
    },
  });

  const { openDetail } = list;
  const renderActions = useCallback(
    (u: AdminUserDto) => (
      <RowMenu user={u} onView={() => openDetail(u.id)} onEdit={() => setForm({ open: true, user: u })} onRole={() => setRoleOf({ user: u, role: u.role })} onDelete={() => setDeleting(u)} />
    ),
    [openDetail],
  );

  const shown = query.data?.items.find((u) => u.id === state.detail);
  const name = (u: AdminUserDto) => `${u.firstName} ${u.lastName}`;

  return (
    <AdminListPage
      list={list}
      query={query}
      columns={userColumns}
      headerActions={
        <Button variant="contained" startIcon={<PersonAddAlt1OutlinedIcon aria-hidden="true" />} onClick={() => setForm({ open: true, user: null })}>
          {t('users.create')}
        </Button>
      }
      filters={[{ key: 'role', label: t('users.roleFilter'), options: ROLES.map((r) => ({ value: r, label: t(`status.role.${r}`) })) }]}
      renderActions={renderActions}
      emptyText={t('users.empty')}
      detail={{
        title: t('users.detail.title', { name: shown ? name(shown) : '' }),
        actions: shown ? (
          <>
            <Button onClick={() => setForm({ open: true, user: shown })}>{t('users.menu.edit')}</Button>
            <Button onClick={() => setRoleOf({ user: shown, role: shown.role })}>{t('users.menu.changeRole')}</Button>
            <Button color="error" onClick={() => setDeleting(shown)}>{t('users.menu.delete')}</Button>
          </>
        ) : null,
        loading: query.isFetching,
        content: shown ? (
          <DetailFields
            title={t('users.detail.account')}
            link={{ to: `/admin/bookings?q=${encodeURIComponent(shown.email)}`, label: t('users.detail.bookings') }}
            items={[
              [t('common.id'), shown.id],
              [t('users.columns.email'), shown.email],
              [t('users.columns.role'), <RoleChip key="r" role={shown.role} />],
              [t('users.columns.status'), <VerifiedChip key="v" verified={shown.isVerified} />],
              [t('users.detail.phone'), shown.phoneNumber],
              [t('users.detail.language'), shown.language === 'EN' ? t('users.form.languageEN') : t('users.form.languageFR')],
              [t('users.detail.createdAt'), formatShortDateTime(shown.createdAt, language)],
            ]}
          />
        ) : null,
      }}
    >
      <UserFormDialog open={form.open} user={form.user} onClose={() => setForm({ open: false, user: null })} />

      <ConfirmDialog
        open={roleOf !== null}
        title={t('users.role.title')}
        confirmLabel={t('users.role.confirm')}
        pending={role.isPending}
        onConfirm={() => roleOf && !roleStale && role.mutate({ id: roleOf.user.id, role: roleOf.role, revision: roleOf.user.revision })}
        onClose={() => {
          setRoleOf(null);
          setRoleStale(null);
        }}
      >
        {roleOf ? (
          <>
            <Typography sx={{ mb: 2 }}>{t('users.role.body', { name: name(roleOf.user) })}</Typography>
            <TextField select fullWidth name="role" label={t('users.form.role')} value={roleOf.role} onChange={(event) => setRoleOf({ ...roleOf, role: event.target.value as Role })}>
              {ROLES.map((r) => (
                <MenuItem key={r} value={r}>
                  {t(`status.role.${r}`)}
                </MenuItem>
              ))}
            </TextField>
            {roleStale && (
              <Box sx={{ mt: 2 }}>
                <StaleEditAlert stale={roleStale} />
              </Box>
            )}
          </>
        ) : null}
      </ConfirmDialog>

      <ConfirmDialog open={deleting !== null} title={t('users.delete.title')} confirmLabel={t('users.delete.confirm')} destructive pending={remove.isPending} onConfirm={() => deleting && remove.mutate(deleting)} onClose={() => setDeleting(null)}>
        {deleting ? <Typography>{t('users.delete.body', { name: `${name(deleting)} (${deleting.email})` })}</Typography> : null}
      </ConfirmDialog>
    </AdminListPage>
  );
}
