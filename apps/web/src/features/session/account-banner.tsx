import { DialogBanner } from '../../shared/forms/dialog-banner.tsx';
import { useAnnouncements } from '../notices/index.ts';

/** The login dialog's banner, from banner group `w_login` (LG-02). */
export function AccountBanner({ group }: { group: 'w_login' }) {
  const { data, isPending } = useAnnouncements();
  return (
    <DialogBanner
      banner={data?.banners.find((b) => b.groupName === group)}
      loading={isPending}
      testId={`banner-${group}`}
    />
  );
}
