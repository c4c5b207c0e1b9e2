import { Content } from './content';

export default function Page() {
  return <Content />;
}
