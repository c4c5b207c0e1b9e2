import { Content } from '../content';

export const dynamic = 'force-dynamic';

export default function Page() {
  return <Content />;
}
