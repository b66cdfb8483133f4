import { BackgroundJobs } from './components/BackgroundJobs.tsx';
import { StaffArea } from './components/StaffArea.tsx';

/** /staff/jobs: background work, moved off the overview (issue 34), whose task list links here. */
export default function JobsPage() {
  return (
    <StaffArea title="Background jobs" action="read:jobs">
      {() => <BackgroundJobs />}
    </StaffArea>
  );
}
