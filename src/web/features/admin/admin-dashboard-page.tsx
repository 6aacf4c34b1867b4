import { adminMessages } from '#domain/messages.ts';
import { PageTitle } from '#web/components/ui/page-title.tsx';

/** The spec shows only this text on the dashboard. */
export function AdminDashboardPage() {
  return <PageTitle>{adminMessages.dashboard}</PageTitle>;
}
