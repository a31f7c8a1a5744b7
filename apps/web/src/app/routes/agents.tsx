import { ComingSoon } from '@/components/coming-soon';

export function AgentsRoute() {
  return (
    <ComingSoon
      title="Document Processing Agents"
      subtitle="Data entry and reconciliation agents for pending documents"
    />
  );
}
