import { useParams } from 'react-router-dom';
import { useSession } from '../../features/auth/api/current-user';
import { useAuthModal } from '../../features/auth/components/auth-modal-context';
import { CourseDetailPage } from '../../features/courses/components/course-detail-page';

export function CourseDetailRoute() {
  const { id = '' } = useParams();
  const session = useSession();
  const modal = useAuthModal();
  return <CourseDetailPage key={id} courseId={id} isAuthenticated={session.status === 'authenticated'} isLearner={session.user?.role === 'USER'} onAuthRequired={() => modal.open('login')} />;
}
