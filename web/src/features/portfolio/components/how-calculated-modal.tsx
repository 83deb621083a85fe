import { IonContent, IonModal, IonTitle, IonToolbar } from '../../../shared/ui/ion-modal-elements';
import { useProfitBreakdown, type ProfitBreakdownParams } from '../api/profit-breakdown';
import { BreakdownView } from './breakdown-view';
import './how-calculated.css';

interface Props {
  isOpen: boolean;
  onClose(): void;
  params: ProfitBreakdownParams;
  locale: string;
}

// The dialog's name: Ionic puts the dialog role inside the modal's shadow root, which an
// aria-labelledby on the host cannot reach; it copies aria-label there.
const TITLE = 'How was this calculated?';

/** The "How was this calculated?" modal: fetches the breakdown while open and shows it. */
export default function HowCalculatedModal({ isOpen, onClose, params, locale }: Props) {
  const query = useProfitBreakdown(params, isOpen);
  return (
    <IonModal isOpen={isOpen} onModalDidDismiss={onClose} aria-label={TITLE} className="how-calculated">
      <div className="ion-page">
        {/* Not ion-header: it is a banner landmark, and the page already has one. */}
        <div className="how-calculated__bar">
          <IonToolbar>
            <IonTitle>{TITLE}</IonTitle>
            <button type="button" slot="end" className="link-button how-calculated__close" onClick={onClose}>
              Close
            </button>
          </IonToolbar>
        </div>
        <IonContent>
          <BreakdownView breakdown={query.data} loading={query.isPending} failed={query.isError} locale={locale} />
        </IonContent>
      </div>
    </IonModal>
  );
}
