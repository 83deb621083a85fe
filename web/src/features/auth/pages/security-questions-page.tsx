import { useNavigate } from 'react-router-dom';
import { useSiteConfig } from '../../../shared/config/site-config-context';
import { useToast } from '../../../shared/ui/toast';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { SecurityQuestionsPanel } from '../components/security-questions-step';
import { QUESTIONS_SET_TOAST } from '../texts';

/** Security questions (client only): set two questions; success goes to the configured URL. */
export default function SecurityQuestionsPage() {
  const { settings } = useSiteConfig();
  const navigate = useNavigate();
  const toast = useToast();
  usePageTitle('Set security questions');
  return (
    <div className="page-card account-page">
      <h1>Set security questions</h1>
      <p>Choose two security questions. We will ask you them if you forget your password. Setting them replaces the ones you had.</p>
      <SecurityQuestionsPanel
        onDone={() => {
          toast.show({ kind: 'success', message: QUESTIONS_SET_TOAST });
          navigate(settings.securityQuestionsSuccessUrl);
        }}
      />
    </div>
  );
}
