import Chip from '@mui/material/Chip';
import type { CourseStatus } from '@recup/query-api/contracts';
import { useTranslation } from 'react-i18next';

const colourOf = { SCHEDULED: 'primary', IN_PROGRESS: 'warning', COMPLETED: 'default', CANCELLED: 'error' } as const;

export function CourseStatusChip({ status }: { status: CourseStatus }) {
  const { t } = useTranslation('organization');
  return <Chip size="small" color={colourOf[status]} variant={status === 'SCHEDULED' ? 'outlined' : 'filled'} label={t(`status.${status}`)} data-status={status} />;
}
