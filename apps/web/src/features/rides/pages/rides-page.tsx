/** Ride Share (spec §2). Placeholder: shows its title only until its own issue builds the screen. */
import { PageHeader } from '../../../components/ui/page-header';

export default function RidesPage() {
  return <PageHeader title="Ride Share" />;
}
