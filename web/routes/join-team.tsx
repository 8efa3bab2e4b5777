import { createFileRoute } from '@tanstack/react-router';
import { JoinTeamScreen } from '../team/join-team';

/** A team invitation's link (issue 31): /join-team#token=…. */
export const Route = createFileRoute('/join-team')({ component: JoinTeamScreen });
