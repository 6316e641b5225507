import AddIcon from '@mui/icons-material/Add';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { AdminOrganizationDto } from '@recup/query-api/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { AdminListPage, useAdminList } from '../../../components/admin/admin-list-page';
import { ConfirmDialog } from '../../../components/admin/confirm-dialog';
import { DetailFields, DetailSection } from '../../../components/admin/field-list';
import type { RowAction } from '../../../components/admin/row-actions';
import { VerifiedChip } from '../../../components/admin/status-chips';
import { useAdminMutation } from '../../../components/admin/use-admin-mutation';
import { formatShortDateTime } from '../../../components/admin/admin-format';
import { formatLongDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { adminOrganizationQueries, approveOrganization, deleteOrganization } from '../api/organization-queries';
import { organizationColumns } from './columns';
import { ExpiringApprovals } from './expiring-approvals';
import { IdentityChangeDialog, IdentityChangeList } from './identity-change-dialog';
import { OrganizationFormDialog } from './organization-form-dialog';

const FILTERS = ['verified', 'pendingChange'] as const;

/** `/admin/organizations` (spec 001 §2): every centre; create, edit, view, approve and delete; the approvals ending soon (issue 20 §7). */
export function AdminOrganizationsPage() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const list = useAdminList('organizations', FILTERS);
  const { state } = list;
  const query = useQuery(adminOrganizationQueries.page(list.params));
  const accounts = useQuery(adminOrganizationQueries.centreAccounts());
  const [form, setForm] = useState<{ open: boolean; organization: AdminOrganizationDto | null }>({ open: false, organization: null });
  const [approving, setApproving] = useState<AdminOrganizationDto | null>(null);
  const [deleting, setDeleting] = useState<AdminOrganizationDto | null>(null);
  const [reviewing, setReviewing] = useState<AdminOrganizationDto | null>(null);
  const approve = useAdminMutation((o: AdminOrganizationDto) => approveOrganization(o.id), { success: () => ({ title: t('organizations.approve.done') }), onSuccess: () => setApproving(null) });
  const remove = useAdminMutation((o: AdminOrganizationDto) => deleteOrganization(o.id), {
    success: () => ({ title: t('organizations.delete.done') }),
    onSuccess: () => {
      setDeleting(null);
      list.closeDetail();
    },
  });

  const { openDetail } = list;
  const rowActions = {
    name: (o: AdminOrganizationDto) => o.name,
    more: (o: AdminOrganizationDto): ReadonlyArray<RowAction | false> => [
      !o.isVerified && { key: 'approve', label: `${t('organizations.approve.action')} ${o.name}`, icon: <CheckCircleOutlinedIcon />, onClick: () => setApproving(o), color: 'success' },
      o.pendingIdentityChange !== null && { key: 'review', label: `${t('organizations.review.action')} ${o.name}`, icon: <RateReviewOutlinedIcon />, onClick: () => setReviewing(o), color: 'primary' },
      { key: 'edit', label: `${t('organizations.form.editTitle')} ${o.name}`, icon: <EditOutlinedIcon />, onClick: () => setForm({ open: true, organization: o }) },
      { key: 'delete', label: `${t('common.delete')} ${o.name}`, icon: <DeleteOutlinedIcon />, onClick: () => setDeleting(o), color: 'error' },
    ],
  };

  const shown = query.data?.items.find((o) => o.id === state.detail);

  return (
    <AdminListPage
      list={list}
      query={query}
      columns={organizationColumns}
      headerActions={
        <Button variant="contained" startIcon={<AddIcon aria-hidden="true" />} onClick={() => setForm({ open: true, organization: null })}>
          {t('organizations.create')}
        </Button>
      }
      beforeToolbar={<ExpiringApprovals onOpen={openDetail} />}
      filters={[
        { key: 'verified', label: t('organizations.verifiedFilter'), options: [{ value: 'true', label: t('organizations.verified') }, { value: 'false', label: t('organizations.unverified') }] },
        { key: 'pendingChange', label: t('organizations.pendingChangeFilter'), options: [{ value: 'true', label: t('organizations.pendingChangeOnly') }] },
      ]}
      rowActions={rowActions}
      detail={{
        title: t('organizations.detail.title', { name: shown?.name ?? '' }),
        actions: shown ? (
          <>
            {!shown.isVerified ? <Button color="success" onClick={() => setApproving(shown)}>{t('organizations.approve.action')}</Button> : null}
            {shown.pendingIdentityChange ? <Button onClick={() => setReviewing(shown)}>{t('organizations.review.open')}</Button> : null}
            <Button component={RouterLink} to={`/admin/reports?organizationId=${encodeURIComponent(shown.id)}`}>{t('organizations.detail.annualReport')}</Button>
            <Button onClick={() => setForm({ open: true, organization: shown })}>{t('organizations.form.editTitle')}</Button>
            <Button color="error" onClick={() => setDeleting(shown)}>{t('common.delete')}</Button>
          </>
        ) : null,
        loading: query.isFetching,
        content: shown ? (
          <>
            {shown.pendingIdentityChange ? (
              <Box sx={{ mb: 2 }}>
                <DetailSection
                  title={t('organizations.review.section')}
                  action={<Button size="small" onClick={() => setReviewing(shown)}>{t('organizations.review.open')}</Button>}
                >
                  <IdentityChangeList organization={shown} />
                </DetailSection>
              </Box>
            ) : null}
            <DetailFields
              title={t('common.details')}
              link={{ to: `/admin/courses?organizationId=${encodeURIComponent(shown.id)}`, label: t('organizations.detail.courses') }}
              items={[
                [t('common.id'), shown.id],
                [t('organizations.columns.status'), (
                  <Box key="v" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                    <VerifiedChip verified={shown.isVerified} pendingLabel={t('status.pendingVerification')} />
                    {shown.verificationWithdrawnAt ? <span>{t('organizations.withdrawn', { date: formatShortDateTime(shown.verificationWithdrawnAt, language) })}</span> : null}
                  </Box>
                )],
                [t('organizations.detail.address'), `${shown.address}, ${shown.postalCode} ${shown.city}`],
                [t('organizations.detail.contact'), `${shown.email} · ${shown.phoneNumber}`],
                [t('organizations.detail.website'), shown.website ? <Link key="w" href={shown.website} target="_blank" rel="noopener noreferrer">{shown.website}</Link> : null],
                [t('organizations.detail.approval'), shown.prefectApprovalReference],
                [t('organizations.detail.approvalDates'), shown.approvalGrantedOn && shown.approvalExpiresOn
                  ? t('organizations.detail.approvalDatesValue', {
                    granted: formatLongDate(`${shown.approvalGrantedOn}T12:00:00.000Z`, language, { weekday: false }),
                    expires: formatLongDate(`${shown.approvalExpiresOn}T12:00:00.000Z`, language, { weekday: false }),
                  })
                  : null],
                [t('organizations.detail.owner'), shown.owner ? `${shown.owner.firstName} ${shown.owner.lastName} · ${shown.owner.email}` : null],
                [t('organizations.detail.description'), shown.description],
                [t('organizations.detail.createdAt'), formatShortDateTime(shown.createdAt, language)],
              ]}
            />
          </>
        ) : null,
      }}
    >
      <OrganizationFormDialog open={form.open} organization={form.organization} accounts={accounts.data ?? []} onClose={() => setForm({ open: false, organization: null })} />

      <ConfirmDialog open={approving !== null} title={t('organizations.approve.title')} confirmLabel={t('organizations.approve.confirm')} pending={approve.isPending} onConfirm={() => approving && approve.mutate(approving)} onClose={() => setApproving(null)}>
        {approving ? <Typography>{t('organizations.approve.body', { name: approving.name })}</Typography> : null}
      </ConfirmDialog>
      <IdentityChangeDialog organization={reviewing} onClose={() => setReviewing(null)} />
      <ConfirmDialog open={deleting !== null} title={t('organizations.delete.title')} confirmLabel={t('organizations.delete.confirm')} destructive pending={remove.isPending} onConfirm={() => deleting && remove.mutate(deleting)} onClose={() => setDeleting(null)}>
        {deleting ? <Typography>{t('organizations.delete.body', { name: deleting.name })}</Typography> : null}
      </ConfirmDialog>
    </AdminListPage>
  );
}
