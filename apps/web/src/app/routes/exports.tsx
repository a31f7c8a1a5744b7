import { ComingSoon } from '@/components/coming-soon';

export function ExportsRoute() {
  return <ComingSoon title="Exports" subtitle="Approved Documents" />;
}
