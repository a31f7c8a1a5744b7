import { ComingSoon } from '@/components/coming-soon';

export function PendingRoute() {
  return (
    <ComingSoon title="Pending Documents" subtitle="Documents waiting for review or approval" />
  );
}
