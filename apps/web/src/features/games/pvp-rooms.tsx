import { useQuery } from '../../shared/http/use-query.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { call } from '../../shared/http/client.ts';
import { useSession } from '../../shared/session/session.ts';
import { ModalKeys, useUiStore } from '../../shared/shell/ui-store.ts';
import { UsersIcon } from '../../shared/ui/icons.tsx';
import { ErrorState } from '../../shared/ui/states.tsx';
import { roomListCall } from './calls.ts';
import { useLaunch } from './use-launch.ts';
import styles from './pvp-rooms.module.css';

/** The PvP rooms (GLS2_roomList): stakes, seats and players; entering launches with the roomId (GL-12). */
export function PvpRooms({ vassalage }: { vassalage: string }) {
  const { t, i18n } = useTypedTranslation('games');
  const token = useSession((s) => s.token);
  const openModal = useUiStore((s) => s.openModal);
  const launch = useLaunch();
  const rooms = useQuery({
    queryKey: ['games', 'rooms', vassalage, i18n.language, Boolean(token)],
    queryFn: () =>
      call(roomListCall, { query: { vassalage: vassalage || undefined, language: i18n.language || 'en' } }),
    enabled: Boolean(token),
    staleTime: 15_000,
    refetchInterval: 30_000,
  });
  const money = (n: number, currency: string) => {
    try {
      return new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(n);
    } catch {
      return n.toFixed(2);
    }
  };
  return (
    <section className={styles.rooms} aria-labelledby="pvp-rooms-title" data-testid="pvp-rooms">
      <h2 id="pvp-rooms-title" className={styles.title}>
        <UsersIcon size={18} /> {t('rooms_title')}
      </h2>
      {!token ? (
        <p className={styles.hint}>
          {t('rooms_login')}{' '}
          <button type="button" className={styles.link} onClick={() => openModal(ModalKeys.loginPopup)}>
            {t('rooms_login_action')}
          </button>
        </p>
      ) : rooms.isError ? (
        <ErrorState message={t('list_error')} onRetry={() => void rooms.refetch()} minHeight={100} />
      ) : rooms.isPending ? (
        <ul className={styles.list}>
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className={styles.skeleton} />
          ))}
        </ul>
      ) : rooms.data.length === 0 ? (
        <p className={styles.hint}>{t('list_empty')}</p>
      ) : (
        <ul className={styles.list}>
          {rooms.data.map((r) => (
            <li key={r.roomId} className={styles.room} data-testid="pvp-room">
              <span className={styles.level} data-level={r.level}>
                {t(`room_level_${r.level}`)}
              </span>
              <span className={styles.name}>
                {r.roomName}
                <span className={styles.game}>{r.gameName}</span>
              </span>
              <span className={styles.meta}>
                {money(r.minBet, r.currency)} – {money(r.maxBet, r.currency)}
              </span>
              <span className={styles.meta}>{t('room_players', { players: r.players, seats: r.seats })}</span>
              <button
                type="button"
                className={styles.enter}
                disabled={r.status !== 'OPEN'}
                onClick={() =>
                  launch({
                    code: r.gameId,
                    defaultPlayType: '',
                    accountTypeName: '',
                    gameType: 'PVP',
                    isGame: '',
                    vassalage: r.vassalage,
                    roomId: r.roomId,
                    nodeId: r.nodeId,
                    title: r.roomName,
                  })
                }
              >
                {r.status === 'OPEN'
                  ? t('room_enter')
                  : r.status === 'FULL'
                    ? t('room_full')
                    : t('maintenance_short')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
