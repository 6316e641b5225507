import type { AdminOrganizationDto } from '@recup/query-api/contracts/admin';
import { useRef, useState } from 'react';
import { CourseFormDialog } from '../../../components/course-form/course-form-dialog';
import { useCreateCourse } from '../api/course-queries';

/** The administrators' course creation (spec 001 §2): the centres' course form, for any verified centre, created SCHEDULED. */
export function CreateCourseDialog({ open, organizations, onClose }: { open: boolean; organizations: AdminOrganizationDto[]; onClose: () => void }) {
  const create = useCreateCourse();
  // A course created, the next opening starts from an empty form; a cancelled one keeps what was typed.
  const [round, setRound] = useState(0);
  const saved = useRef(false);
  const close = () => {
    if (saved.current) setRound((current) => current + 1);
    saved.current = false;
    onClose();
  };
  return (
    <CourseFormDialog
      key={round}
      open={open}
      centres={organizations}
      onClose={close}
      save={async (course) => {
        await create.mutateAsync(course);
        saved.current = true;
      }}
    />
  );
}
