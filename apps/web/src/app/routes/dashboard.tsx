import { ComingSoon } from '@/components/coming-soon';

export function DashboardRoute() {
  return <ComingSoon title="Dashboard" subtitle="Document processing overview" />;
}
