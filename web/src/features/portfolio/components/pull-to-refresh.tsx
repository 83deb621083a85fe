import { useIdle } from '../../../shared/lazy/when-idle';
import { IonRefresher, IonRefresherContent, type RefresherEventDetail } from './ionic-refresher';

interface Props {
  disabled: boolean;
  onRefresh(event: CustomEvent<RefresherEventDetail>): void;
}

/**
 * Pull to refresh on phones (Ionic's refresher). Nobody pulls before the page is there, and the
 * refresher takes no room (slot "fixed"), so it is mounted once the browser is first idle rather
 * than with the page: its element, gesture and native-scroll set-up were part of the long task
 * that first renders the home (issue 13). Its own state, so the dashboard does not render again.
 */
export function PullToRefresh({ disabled, onRefresh }: Props) {
  const idle = useIdle();
  if (!idle) return null;
  return (
    <IonRefresher slot="fixed" onIonRefresh={onRefresh} disabled={disabled}>
      <IonRefresherContent pullingText="Pull to refresh" refreshingText="Refreshing…" />
    </IonRefresher>
  );
}
