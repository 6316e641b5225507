import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

export function CourseCardSkeleton() {
  return (
    <Card aria-hidden="true" sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 2 }}>
          <Skeleton variant="text" width="45%" height={32} />
          <Skeleton variant="rounded" width={90} height={24} />
        </Stack>
        <Skeleton variant="text" width="80%" />
        <Skeleton variant="text" width="60%" />
        <Skeleton variant="text" width="70%" />
        <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 2 }}>
          <Skeleton variant="text" width={80} height={32} />
          <Skeleton variant="rounded" width={120} height={36} />
        </Stack>
      </CardContent>
    </Card>
  );
}
