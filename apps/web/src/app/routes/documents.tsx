import { ComingSoon } from '@/components/coming-soon';

export function DocumentsRoute() {
  return <ComingSoon title="Documents" subtitle="All uploaded documents" />;
}
