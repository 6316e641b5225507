import { useParams } from 'react-router-dom';
import { useSession } from '../../lib/current-user';
import { useAuthModal } from '../../features/auth/components/auth-modal-context';
import { CourseDetailPage } from '../../features/courses/components/course-detail-page';
import { useWaitingEntry } from '../../features/waiting-list/api/waiting-list-queries';
import { WaitingListPanel } from '../../features/waiting-list/components/waiting-list-panel';

export function CourseDetailRoute() {
  const { id = '' } = useParams();
  const session = useSession();
  const modal = useAuthModal();
  const isAuthenticated = session.status === 'authenticated';
  const isLearner = session.user?.role === 'USER';
  const openSignIn = () => modal.open('login');
  // A place held for this learner (their waiting list's offer) is theirs to book, though the course shows full;
  // one whose time ran out is refused by the server, in words of its own.
  const { entry } = useWaitingEntry(id, isLearner);
  const heldForMe = Boolean(entry?.offer);
  return (
    <CourseDetailPage
      key={id}
      courseId={id}
      isAuthenticated={isAuthenticated}
      isLearner={isLearner}
      onAuthRequired={openSignIn}
      heldForMe={heldForMe}
      waitingList={(course) => <WaitingListPanel course={course} isAuthenticated={isAuthenticated} isLearner={isLearner} onAuthRequired={openSignIn} />}
    />
  );
}
