import { ComingSoon } from '@/components/coming-soon';

export function DocTypesRoute() {
  return <ComingSoon title="Document Types" subtitle="Configure custom extraction templates" />;
}
